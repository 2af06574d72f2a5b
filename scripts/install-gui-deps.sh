#!/usr/bin/env bash
# System packages the editor's real window needs (X11 client libraries), plus Xvfb,
# ImageMagick and xdotool for headless screenshots and scripts/editor-window-check.sh.
# Building needs none of these.
set -euo pipefail
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq libx11-6 libx11-xcb1 libxcb1 libxcb-xkb1 libxcursor1 libxi6 \
    libxkbcommon0 libxkbcommon-x11-0 libxrender1 libxext6 libxfixes3 xvfb imagemagick xdotool
