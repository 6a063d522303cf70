"""Rendering: figure objects (axes, symbols) and the PNG's pixels."""

from __future__ import annotations

import io

import numpy as np
import pytest
from matplotlib.image import imread

from clinbench.audiogram.audiogram_model import Audiogram
from clinbench.audiogram.render import EAR_COLOURS, SYMBOLS, render_audiogram


@pytest.fixture(scope="module")
def audiogram() -> Audiogram:
    return Audiogram.model_validate(
        {
            "right": {
                "air": {"250": 10, "500": 20, "1000": 30, "2000": 50, "4000": 60, "8000": 70},
                "bone": {"500": 15, "1000": {"value": 25, "masked": True}, "2000": 45},
            },
            "left": {
                "air": {
                    "250": 40,
                    "500": {"value": 45, "masked": True},
                    "1000": 50,
                    "2000": 60,
                    "4000": 80,
                    "8000": {"value": 105, "no_response": True},
                },
                "bone": {"500": 10, "1000": {"value": 15, "masked": True}},
            },
        }
    )


@pytest.fixture(scope="module")
def figure(audiogram):
    return render_audiogram(audiogram, None, title="Test")


def _artist(ax, gid):
    found = [line for line in ax.lines if line.get_gid() == gid]
    assert found, f"no artist {gid}"
    return found[0]


def test_axes_are_a_clinical_audiogram(figure):
    ax = figure.axes[0]
    assert ax.yaxis_inverted()
    low, high = sorted(ax.get_ylim())
    assert low <= -10 and high >= 120
    assert ax.get_xscale() == "log"
    ticks = [int(t) for t in ax.get_xticks()]
    assert ticks == [250, 500, 1000, 2000, 4000, 8000]
    assert [int(t) for t in ax.xaxis.get_minorticklocs()] == [750, 1500, 3000, 6000]
    assert ax.get_yticks()[0] == -10 and ax.get_yticks()[-1] == 120
    assert "dB HL" in ax.get_ylabel()


def test_asha_symbols_and_colours(figure, audiogram):
    ax = figure.axes[0]
    right_air = _artist(ax, "right-air")
    assert right_air.get_marker() == SYMBOLS[("right", "air", False)] == "o"
    assert list(right_air.get_ydata()) == [10, 20, 30, 50, 60, 70]
    assert right_air.get_markeredgecolor() == EAR_COLOURS["right"]
    assert _artist(ax, "left-air").get_marker() == "x"
    assert _artist(ax, "left-air-masked").get_marker() == "s"
    assert list(_artist(ax, "left-air-masked").get_ydata()) == [45]
    assert _artist(ax, "right-bone").get_marker() == "$<$"
    assert _artist(ax, "right-bone-masked").get_marker() == "$[$"
    assert _artist(ax, "left-bone").get_marker() == "$>$"
    assert _artist(ax, "left-bone-masked").get_marker() == "$]$"
    # Bone symbols sit beside the frequency line: right to the left, left to the right.
    assert all(
        x < f for x, f in zip(_artist(ax, "right-bone").get_xdata(), [500, 2000], strict=True)
    )
    assert all(x > 500 for x in _artist(ax, "left-bone").get_xdata())
    # No-response: an arrow, and the point is not joined to the air line.
    arrows = [a for a in ax.texts if a.get_gid() == "left-air-no-response"]
    assert len(arrows) == 1
    assert 8000 not in list(_artist(ax, "left-air-line").get_xdata())
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "Right air" in legend and "Left bone masked" in legend and "No response" in legend


def test_png_pixels_show_the_symbols_where_the_thresholds_are(tmp_path, audiogram):
    path = tmp_path / "a.png"
    figure = render_audiogram(audiogram, path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = imread(io.BytesIO(path.read_bytes()))[:, :, :3]
    height = image.shape[0]
    ax = figure.axes[0]

    def colour_near(freq, db, colour, radius=7):
        x, y = ax.transData.transform((freq, db))
        row, col = int(round(height - y)), int(round(x))
        patch = image[row - radius : row + radius, col - radius : col + radius]
        target = np.array([int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)])
        return bool((np.abs(patch - target).sum(axis=2) < 0.25).any())

    assert colour_near(1000, 30, EAR_COLOURS["right"])
    assert colour_near(4000, 80, EAR_COLOURS["left"])
    assert not colour_near(4000, 10, EAR_COLOURS["left"])  # nothing drawn there
    # Inverted axis: 80 dB HL is drawn below 10 dB HL.
    assert ax.transData.transform((1000, 80))[1] < ax.transData.transform((1000, 10))[1]


def test_png_bytes_are_reproducible(tmp_path, audiogram):
    render_audiogram(audiogram, tmp_path / "one.png")
    render_audiogram(audiogram, tmp_path / "two.png")
    assert (tmp_path / "one.png").read_bytes() == (tmp_path / "two.png").read_bytes()
    assert b"Software" not in (tmp_path / "one.png").read_bytes()
