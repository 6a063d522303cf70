"""The OpenAI-compatible ASR back-end reaches the endpoint the environment names now.

get_asr keeps each back-end it built for the process, keyed by its options; the openai
back-end reads OPENAI_BASE_URL (and the key) when it is built. In a notebook (realuse5's
check of state kept between runs), a run with -T asr=openai, then the transcription server
moved to another port and OPENAI_BASE_URL set to it, then a second run: the second run's
back-end was the first one, still sending every clip to the old address. The run's models
are built anew for the same reason (runner.fresh_models).
"""

from __future__ import annotations

from clinbench.audio.asr import get_asr


def test_a_new_openai_base_url_gives_a_back_end_for_it(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    assert get_asr("openai", model="whisper-small").base_url == "http://127.0.0.1:9/v1"
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:10/v1")
    assert get_asr("openai", model="whisper-small").base_url == "http://127.0.0.1:10/v1"


def test_the_same_environment_gives_the_same_back_end(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:11/v1")
    assert get_asr("openai", model="m") is get_asr("openai", model="m")
