"""Audio I/O and noise mixing: resampling, and the achieved SNR within 0.1 dB of the target."""

from __future__ import annotations

import numpy as np
import pytest
import soundfile as sf

from clinbench.audio.clips import AudioFileError, read_audio
from clinbench.audio.noise import (
    SHIPPED_NOISES,
    add_noise_to_file,
    load_noise,
    mix_at_snr,
    noise_file,
    snr_db,
    synthetic_noise,
)


def _speech_like(seconds: float = 1.5, rate: int = 16000) -> np.ndarray:
    t = np.arange(int(seconds * rate)) / rate
    envelope = 0.5 + 0.5 * np.sin(2 * np.pi * 3 * t)
    return (0.3 * envelope * np.sin(2 * np.pi * 220 * t)).astype(np.float32)


def test_read_audio_resamples_stereo_44k_to_16k_mono(tmp_path):
    rate = 44100
    t = np.arange(rate) / rate
    tone = 0.5 * np.sin(2 * np.pi * 440 * t)
    sf.write(tmp_path / "s.wav", np.stack([tone, tone], axis=1), rate)
    samples, out_rate = read_audio(tmp_path / "s.wav")
    assert out_rate == 16000 and samples.ndim == 1
    assert abs(len(samples) - 16000) <= 1
    spectrum = np.abs(np.fft.rfft(samples))
    assert abs(np.argmax(spectrum) * 16000 / len(samples) - 440) < 2


def test_read_audio_missing_file_names_the_path(tmp_path):
    with pytest.raises(AudioFileError, match="missing.wav"):
        read_audio(tmp_path / "missing.wav")


@pytest.mark.parametrize("target", [0.0, 5.0, 20.0, 35.0])
@pytest.mark.parametrize("noise_name", SHIPPED_NOISES)
def test_mix_reaches_target_snr_within_0_1_db(target, noise_name):
    speech = _speech_like()
    clip = mix_at_snr(speech, load_noise(noise_name), target, seed=3)
    assert abs(clip.achieved_snr_db - target) < 0.1
    # measured independently of the function's own report: residual against the clean speech
    scale = np.dot(clip.samples, speech) / np.dot(speech, speech)  # headroom scaling, if any
    independent = snr_db(speech * scale, clip.samples)
    assert abs(independent - target) < 0.1


def test_written_file_keeps_the_snr_after_16_bit_quantisation(tmp_path):
    sf.write(tmp_path / "clean.wav", _speech_like(), 16000, subtype="PCM_16")
    clip = add_noise_to_file(
        tmp_path / "clean.wav", tmp_path / "noisy.wav", "synthetic_road_hum", 20
    )
    clean, _ = read_audio(tmp_path / "clean.wav")
    noisy, _ = read_audio(tmp_path / "noisy.wav")
    assert abs(snr_db(clean, noisy) - 20.0) < 0.1
    assert abs(clip.achieved_snr_db - 20.0) < 0.1


def test_loud_mix_is_scaled_not_clipped_and_keeps_snr():
    speech = np.clip(_speech_like() * 3.2, -1, 1)
    clip = mix_at_snr(speech, load_noise("synthetic_babble"), 0.0, seed=1)
    assert np.max(np.abs(clip.samples)) <= 0.99 + 1e-6
    assert abs(clip.achieved_snr_db) < 0.1


def test_seed_changes_noise_offset_reproducibly():
    noise = load_noise("synthetic_babble")
    a = mix_at_snr(_speech_like(), noise, 20, seed=1)
    b = mix_at_snr(_speech_like(), noise, 20, seed=1)
    c = mix_at_snr(_speech_like(), noise, 20, seed=2)
    assert a.noise_offset == b.noise_offset != c.noise_offset
    np.testing.assert_array_equal(a.samples, b.samples)


def test_silent_inputs_are_refused():
    with pytest.raises(ValueError, match="silent"):
        mix_at_snr(np.zeros(100), np.ones(100), 20)
    with pytest.raises(ValueError, match="silent"):
        mix_at_snr(np.ones(100), np.zeros(100), 20)


def test_shipped_noises_are_synthetic_named_files_and_user_files_work(tmp_path):
    for name in SHIPPED_NOISES:
        assert name.startswith("synthetic_") and noise_file(name).is_file()
    own = tmp_path / "classroom.wav"
    sf.write(own, synthetic_noise("babble", 1.0, seed=9), 16000)
    assert noise_file(own) == own
    with pytest.raises(FileNotFoundError, match="nowhere.wav"):
        noise_file(tmp_path / "nowhere.wav")
