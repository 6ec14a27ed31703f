#!/usr/bin/env python3
"""Renders an `intentbridge eval --format html` report in headless Chromium and checks it.

- The screenshot is a real page: the requested size, a fair share of non-white pixels and
  many distinct colours (a blank or error page has neither).
- The DOM Chromium built has the charts: ≥ 3 inline SVGs, one recall curve per mode, one
  bar per (language, mode), heat-map cells.
- Nothing is fetched from the network (no http(s) src/href).
Prints "html report: N passed, M failed".

Usage: check_html_report.py REPORT.html --modes 3 --langs 1 [--png OUT.png]
"""
import argparse, re, shutil, subprocess, sys, tempfile
from pathlib import Path
from PIL import Image

def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name): return shutil.which(name)
    sys.exit("html report: chromium not found (Scripts/test.sh installs the Debian package)")

def main():
    p = argparse.ArgumentParser()
    p.add_argument("report")
    p.add_argument("--modes", type=int, required=True)
    p.add_argument("--langs", type=int, required=True)
    p.add_argument("--png")
    a = p.parse_args()
    html = Path(a.report).resolve()
    png = Path(a.png or tempfile.mktemp(suffix=".png"))
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--disable-dev-shm-usage"]
    subprocess.run([chromium(), *flags, f"--screenshot={png}", "--window-size=1280,1600", html.as_uri()],
                   capture_output=True, timeout=120, check=True)
    dom = subprocess.run([chromium(), *flags, "--dump-dom", html.as_uri()], capture_output=True, text=True, timeout=120, check=True).stdout
    checks = []
    image = Image.open(png).convert("RGB")
    checks.append(("screenshot size 1280×1600", image.size == (1280, 1600)))
    data = image.tobytes()
    pixels = [data[i:i + 3] for i in range(0, len(data), 3)]
    ink = sum(1 for p in pixels if min(p) < 235) / len(pixels)
    colours = len(set(pixels))
    checks.append((f"non-white share {ink:.3f} ≥ 0.03", ink >= 0.03))
    checks.append((f"{colours} distinct colours ≥ 50", colours >= 50))
    svgs = len(re.findall(r"<svg\b", dom))
    curves = len(re.findall(r'<polyline class="curve"', dom))
    bars = len(re.findall(r'<rect class="bar"', dom))
    cells = len(re.findall(r'<rect class="cell"', dom))
    checks.append((f"{svgs} inline SVGs ≥ 3", svgs >= 3))
    checks.append((f"{curves} recall curves = {a.modes} modes", curves == a.modes))
    checks.append((f"{bars} language bars = {a.langs}×{a.modes}", bars == a.langs * a.modes))
    checks.append((f"{cells} heat-map cells > 0", cells > 0))
    external = re.findall(r'(?:src|href)="https?:', dom)
    checks.append(("no network references", not external))
    failed = 0
    for name, ok in checks:
        print(("  ok   " if ok else "  FAIL ") + name)
        failed += not ok
    print(f"html report: {len(checks) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)

main()
