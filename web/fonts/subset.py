#!/usr/bin/env python3
"""Regenerates the web fonts in this folder and web/src/fonts.css (docs/decisions/006-first-frames.md,
"Amended (issue 23)").

The pages use Inter (text) and Fraunces (headings), both variable on the weight axis, from the
@fontsource-variable packages; each face keeps the weights the pages use (400 to 700). Their
"latin" files carry glyphs no page shows (and lack the rupee sign, which is in "latin-ext"), so
this cuts each down to what the copy uses:

  * <family>-text.woff2: printable ASCII, the few Latin-1 characters the copy uses (é, ×, ·, §,
    ©, ², no-break space) and its punctuation (– — ‘ ’ “ ” • … ™ −), and the thin, non-breaking
    hyphen and narrow no-break spaces some browsers' Intl puts in times, every OpenType feature
    kept (kerning, tabular figures…): what every page's first paint needs;
  * <family>-latin1.woff2: the rest of Latin-1 (accented letters in guests' and dinners' names,
    "Zoë", "José"), a face of its own that only a page showing one fetches, so the first paint's
    font is a quarter smaller (Inter 38.3 → 30.5 KB, Fraunces 34.7 → 25.9 KB);
  * <family>-rupee.woff2: the rupee sign alone, from "latin-ext" (web/src/fonts.css gives it its
    own face with `unicode-range: U+20B9`, so only pages showing a price fetch it).

It writes web/src/fonts.css: those faces, and fallback faces over local fonts with metric
overrides (`size-adjust`, `ascent-override`, `descent-override`, `line-gap-override`), a local
font scaled so that its average advance, weighted by English letter frequency, and its line
metrics match the web font's at each weight the pages use, so nothing moves when the web font
swaps in. The overrides are computed from the fallback fonts' files: Liberation Sans and Serif
(metric-compatible with Arial and Times New Roman, so one set of overrides serves Windows,
macOS, ChromeOS's Arimo and Tinos, and Debian's Chromium, which Lighthouse runs here), and
Android's Roboto and Noto Serif.

The build uses the committed .woff2 files and fonts.css, so neither the build nor CI needs
Python. Run it from the repository root after an upgrade of either @fontsource-variable package
or a new character in the copy, with fontTools and brotli, and the fallback fonts' files
(Roboto and Noto Serif unpacked from Debian's packages rather than installed, so that the
machine's own fonts stay as they are):

  apt-get install -y python3-fonttools python3-brotli fonts-liberation
  (cd /tmp && apt-get download fonts-roboto-unhinted fonts-noto-core &&
    for d in fonts-roboto-unhinted_*.deb fonts-noto-core_*.deb; do dpkg -x "$d" /tmp/fallback-fonts; done)
  /usr/bin/python3 web/fonts/subset.py --font-dir /usr/share/fonts --font-dir /tmp/fallback-fonts
"""
import argparse
import os

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

# The weights the pages use (Tailwind's font-normal to font-bold): the web fonts keep this range
# of their weight axis, and each has a metric-matched fallback.
WEIGHTS = (400, 700)
HERE = os.path.dirname(os.path.abspath(__file__))
FONTSOURCE = os.path.join(HERE, '..', '..', 'node_modules', '@fontsource-variable')
# local() matches a face's full name (or PostScript name, needed on Android only).
ARIAL = {  # Arial's metrics: Windows, macOS, iOS; Liberation Sans on Debian, Arimo on ChromeOS
    'family': 'Inter fallback',
    'regular': {'file': 'LiberationSans-Regular.ttf', 'names': ['Arial', 'Liberation Sans', 'Arimo']},
    'bold': {'file': 'LiberationSans-Bold.ttf', 'names': ['Arial Bold', 'Liberation Sans Bold', 'Arimo Bold']},
}
ROBOTO = {  # Android
    'family': 'Inter fallback Android',
    'regular': {'file': 'Roboto-Regular.ttf', 'names': ['Roboto', 'Roboto-Regular']},
    'bold': {'file': 'Roboto-Bold.ttf', 'names': ['Roboto Bold', 'Roboto-Bold']},
}
TIMES = {  # Times New Roman's metrics: Windows, macOS, iOS; Liberation Serif on Debian, Tinos on ChromeOS
    'family': 'Fraunces fallback',
    'regular': {'file': 'LiberationSerif-Regular.ttf', 'names': ['Times New Roman', 'Liberation Serif', 'Tinos']},
    'bold': {'file': 'LiberationSerif-Bold.ttf', 'names': ['Times New Roman Bold', 'Liberation Serif Bold', 'Tinos Bold']},
}
NOTO_SERIF = {  # Android
    'family': 'Fraunces fallback Android',
    'regular': {'file': 'NotoSerif-Regular.ttf', 'names': ['Noto Serif', 'Noto Serif Regular', 'NotoSerif-Regular']},
    'bold': {'file': 'NotoSerif-Bold.ttf', 'names': ['Noto Serif Bold', 'NotoSerif-Bold']},
}
# The families web/src/design.css names, each followed there by its fallbacks in this order.
FAMILIES = {
    'inter': {'name': 'Inter Variable', 'file': 'inter', 'source': 'inter/files/inter-{subset}-wght-normal.woff2', 'fallbacks': [ARIAL, ROBOTO]},
    'fraunces': {'name': 'Fraunces Variable', 'file': 'fraunces', 'source': 'fraunces/files/fraunces-{subset}-wght-normal.woff2', 'fallbacks': [TIMES, NOTO_SERIF]},
}
TEXT = [
    *range(0x20, 0x7F),
    0xA0, 0xA7, 0xA9, 0xB2, 0xB7, 0xD7, 0xE9,
    0x2009, 0x2011, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026, 0x202F, 0x2122, 0x2212,
]
LATIN1 = [c for c in range(0xA0, 0x100) if c not in TEXT]
RUPEE = [0x20B9]

HEADER = """/*
 * Written by web/fonts/subset.py: change that and run it, do not edit this file.
 *
 * The web fonts, cut to the characters the copy uses (web/fonts/*-text.woff2), with the rest of
 * Latin-1 (accented names) and the rupee sign in faces of their own that only a page showing
 * one fetches. Each is followed in
 * web/src/design.css by local fonts scaled to its metrics at the weights the pages use (400 and
 * 500 over a regular face, 600 and 700 over a bold one), so text laid out before the web font
 * arrives does not move when it swaps in. The fallbacks cover the web fonts' characters only:
 * anything else (arrows, emoji) falls through to the system font as it always did.
 */
"""

# English letter frequencies (per cent, with the space), as capsize and fontaine weight a
# font's average advance: the width of running text rather than of the alphabet.
FREQUENCY = {
    ' ': 18.0, 'e': 10.2, 't': 7.5, 'a': 6.5, 'o': 6.2, 'n': 5.7, 'i': 5.7, 's': 5.3, 'r': 5.0,
    'h': 4.9, 'l': 3.3, 'd': 3.4, 'u': 2.3, 'c': 2.2, 'm': 2.0, 'f': 1.8, 'w': 1.7, 'g': 1.6,
    'y': 1.6, 'p': 1.5, 'b': 1.2, 'v': 0.8, 'k': 0.6, 'x': 0.15, 'j': 0.1, 'q': 0.1, 'z': 0.07,
}


def cut(source: str, codepoints: list[int], out: str) -> None:
    options = subset.Options()
    options.flavor = 'woff2'
    options.layout_features = ['*']
    options.notdef_outline = True
    font = subset.load_font(source, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(font)
    # The weight axis cut to the weights the pages use: the deltas beyond them are a quarter of
    # Inter's bytes. A bolder weight asked for (`bolder` in semibold text) shows the boldest kept.
    font = instancer.instantiateVariableFont(font, {'wght': WEIGHTS})
    subset.save_font(font, out, options)
    print(f'{os.path.relpath(out)}: {os.path.getsize(out)} B')


def average_advance(font: TTFont) -> float:
    """Average advance in em, weighted by FREQUENCY."""
    cmap, hmtx, upm = font.getBestCmap(), font['hmtx'], font['head'].unitsPerEm
    total = sum(FREQUENCY.values())
    return sum(hmtx[cmap[ord(c)]][0] * f for c, f in FREQUENCY.items()) / total / upm


def line_metrics(font: TTFont) -> tuple[float, float, float]:
    """Ascent, descent and line gap in em, as Chromium reads them."""
    upm, os2, hhea = font['head'].unitsPerEm, font['OS/2'], font['hhea']
    if os2.fsSelection & (1 << 7):  # USE_TYPO_METRICS
        return os2.sTypoAscender / upm, -os2.sTypoDescender / upm, os2.sTypoLineGap / upm
    return hhea.ascent / upm, -hhea.descent / upm, hhea.lineGap / upm


def unicode_range(codepoints: list[int]) -> str:
    """`unicode-range` of the code points, in runs."""
    runs, start = [], None
    for c in sorted(codepoints) + [None]:
        if start is None:
            start = prev = c
        elif c != prev + 1:
            runs.append(f'U+{start:04X}' if start == prev else f'U+{start:04X}-{prev:04X}')
            start = prev = c
        else:
            prev = c
    return ', '.join(runs)


def find(name: str, dirs: list[str]) -> str:
    """The path of the font file `name` under one of `dirs`."""
    for d in dirs:
        for root, _, files in os.walk(d):
            if name in files:
                return os.path.join(root, name)
    raise SystemExit(f'{name} not found under {dirs}: see --font-dir')


def face(family: str, src: str, weight: str, unicodes: str, extra: str = '') -> str:
    return f'@font-face {{\n  font-family: "{family}";\n  font-weight: {weight};\n  src: {src};\n  unicode-range: {unicodes};\n{extra}}}\n'


def stylesheet(dirs: list[str]) -> str:
    text = unicode_range(TEXT)
    css = [HEADER]
    for family in FAMILIES.values():
        for part, unicodes in (('text', text), ('latin1', unicode_range(LATIN1)), ('rupee', unicode_range(RUPEE))):
            url = f'url("../fonts/{family["file"]}-{part}.woff2") format("woff2")'
            css.append(face(family['name'], url, f'{WEIGHTS[0]} {WEIGHTS[1]}', unicodes, '  font-display: swap;\n'))
    for family in FAMILIES.values():
        source = os.path.join(FONTSOURCE, family['source'].format(subset='latin'))
        for weight in range(WEIGHTS[0], WEIGHTS[1] + 1, 100):
            web = instancer.instantiateVariableFont(TTFont(source), {'wght': weight})
            ascent, descent, gap = line_metrics(web)
            width = average_advance(web)
            for fallback in family['fallbacks']:
                local = fallback['regular'] if weight < 600 else fallback['bold']
                adjust = width / average_advance(TTFont(find(local['file'], dirs)))
                src = ', '.join(f'local("{n}")' for n in local['names'])
                extra = (
                    f'  size-adjust: {adjust * 100:.2f}%;\n  ascent-override: {ascent / adjust * 100:.2f}%;\n'
                    f'  descent-override: {descent / adjust * 100:.2f}%;\n  line-gap-override: {gap / adjust * 100:.2f}%;\n'
                )
                css.append(face(fallback['family'], src, str(weight), unicode_range(TEXT + LATIN1 + RUPEE), extra))
    return '\n'.join(css)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--font-dir', action='append', default=[], help='where to look for the fallback fonts')
    args = parser.parse_args()
    for family in FAMILIES.values():
        source = os.path.join(FONTSOURCE, family['source'])
        cut(source.format(subset='latin'), TEXT, os.path.join(HERE, f'{family["file"]}-text.woff2'))
        cut(source.format(subset='latin'), LATIN1, os.path.join(HERE, f'{family["file"]}-latin1.woff2'))
        cut(source.format(subset='latin-ext'), RUPEE, os.path.join(HERE, f'{family["file"]}-rupee.woff2'))
    with open(os.path.join(HERE, '..', 'src', 'fonts.css'), 'w') as out:
        out.write(stylesheet(args.font_dir or ['/usr/share/fonts']))
    print('web/src/fonts.css written')


if __name__ == '__main__':
    main()
