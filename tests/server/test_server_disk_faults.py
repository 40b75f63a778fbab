"""A disk job that fails is never lost: whoever waits for it gets its error; one nobody waits for is logged with
its traceback, and the disk thread goes on with the jobs after it."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from doorkick.server.store import Disk


def test_a_failed_job_nobody_waits_for_is_logged_with_its_traceback_and_the_next_jobs_run(
    caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    disk = Disk()
    try:
        with caplog.at_level(logging.ERROR, logger="doorkick.server.store"):
            disk.later(lambda: (tmp_path / "no such folder" / "record").write_text("lost?"))
            assert disk.call(lambda: "after it").result(timeout=30) == "after it"
        failed = [r for r in caplog.records if r.getMessage() == "a disk job failed"]
        assert len(failed) == 1 and failed[0].exc_info is not None
        assert isinstance(failed[0].exc_info[1], FileNotFoundError)
    finally:
        disk.stop()


def test_a_failed_job_someone_waits_for_raises_there_and_is_not_logged_twice(
    caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    disk = Disk()
    try:
        with caplog.at_level(logging.ERROR, logger="doorkick.server.store"):
            done = disk.call(lambda: (tmp_path / "no such folder" / "record").read_text())
            with pytest.raises(FileNotFoundError):
                done.result(timeout=30)
        assert not [r for r in caplog.records if r.getMessage() == "a disk job failed"]
    finally:
        disk.stop()
