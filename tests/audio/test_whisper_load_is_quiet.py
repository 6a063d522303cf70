"""Loading Whisper on a CPU prints no float16 notice, and nothing else written meanwhile is lost."""

from __future__ import annotations

import os

from clinbench.audio.asr import bundled_whisper as bw
from clinbench.audio.asr.whisper_asr import FLOAT16_NOTICE, WhisperASR, _without_float16_notice


def test_loading_the_bundled_model_prints_no_float16_notice(capfd):
    model, kind = WhisperASR(cpu_threads=1)._open(str(bw.bundled_whisper_model()))
    assert kind == "faster" and model is not None
    assert "float16" not in capfd.readouterr().err


def test_only_the_float16_notice_is_left_out(capfd):
    notice = (
        "[2026-12-05 12:52:52.911] [ctranslate2] [thread 1] [warning] The compute type inferred "
        "from the saved model is float16, but the target device or backend do not support "
        "efficient float16 computation. The model weights have been automatically converted "
        "to use the float32 compute type instead.\n"
    )
    assert FLOAT16_NOTICE in notice
    with _without_float16_notice():
        os.write(2, b"[ctranslate2] [warning] something else\n")
        os.write(2, notice.encode())
        os.write(2, b"a last line with no end")
    err = capfd.readouterr().err
    assert err == "[ctranslate2] [warning] something else\na last line with no end"


def test_an_error_while_loading_still_gives_stderr_back(capfd):
    try:
        with _without_float16_notice():
            os.write(2, b"said before failing\n")
            raise RuntimeError("load failed")
    except RuntimeError:
        pass
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "said before failing\nafter\n"
