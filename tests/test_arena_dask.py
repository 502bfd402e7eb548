"""The arena on a real Dask cluster gives the lines one process gives (extra ``distributed``)."""

import io
import json
from pathlib import Path

import pytest

from fourgames.__main__ import main
from fourgames.arena import dask_executor

distributed = pytest.importorskip("distributed")
dask = pytest.importorskip("dask")


def _lines(path: Path) -> list[dict[str, object]]:
    lines = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        del line["seconds"]
    return lines


def test_a_local_cluster_gives_the_same_lines_as_one_job(tmp_path: Path) -> None:
    argv = ["arena", "vier-felder", "--bot", "heuristic", "--bot", "random", "--games", "8"]
    alone, cluster_out = tmp_path / "alone.jsonl", tmp_path / "dask.jsonl"
    assert main([*argv, "--jobs", "1", "--out", str(alone)], out=io.StringIO()) == 0
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        args = ["--executor", "dask", "--scheduler", address, "--out", str(cluster_out)]
        text = io.StringIO()
        assert main([*argv, *args], out=text) == 0
    assert _lines(cluster_out) == _lines(alone)
    assert "heuristic vs random" in text.getvalue()


def test_dask_without_a_scheduler_starts_a_local_cluster(tmp_path: Path) -> None:
    argv = ["simulate", "fourgames.testing.reference", "--games", "6", "--format", "json"]
    alone, local = io.StringIO(), io.StringIO()
    assert main([*argv, "--out", str(tmp_path / "a")], out=alone) == 0
    assert (
        main([*argv, "--executor", "dask", "--jobs", "1", "--out", str(tmp_path / "b")], out=local)
        == 0
    )
    assert _lines(tmp_path / "a") == _lines(tmp_path / "b")
    assert json.loads(alone.getvalue())["seats"] == json.loads(local.getvalue())["seats"]


def test_a_local_cluster_runs_without_the_profiler_and_with_slow_monitors() -> None:
    with dask_executor(None, 1) as executor:
        settings = (
            executor.submit(dask.config.get, "distributed.worker.profile.enabled").result(),
            executor.submit(dask.config.get, "distributed.admin.tick.interval").result(),
        )
    assert settings == (False, "1s")
    assert dask.config.get("distributed.worker.profile.enabled") is True
