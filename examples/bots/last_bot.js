// A bot in its own process for --bot "exec:node examples/bots/last_bot.js": it answers every
// choose message with the last legal action (docs/protocol.md).
const readline = require("readline");

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "choose") {
    const reply = { action: message.legal_actions.length - 1 };
    process.stdout.write(JSON.stringify(reply) + "\n");
  }
});
