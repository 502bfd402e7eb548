#!/bin/sh
# A bot in its own process for --bot "exec:sh examples/bots/first_bot.sh": it answers every
# choose message with the first legal action (docs/protocol.md). Each message is one line
# that starts with {"type": "..."; the others need no answer.
while IFS= read -r line; do
    case "$line" in
        '{"type": "choose"'*) printf '{"action": 0}\n' ;;
    esac
done
