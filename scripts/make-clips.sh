#!/usr/bin/env bash
# Regenerates the neutral placeholder clips the reference gateway serves (committed under
# server/media/clips). Needs ffmpeg (apt-get install ffmpeg); nothing at run time does.
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/server/media/clips"
mkdir -p "$out"
enc=(-c:v libx264 -profile:v baseline -pix_fmt yuv420p -preset veryslow -crf 32 -g 48 -c:a aac -b:a 32k -ac 1 -movflags +faststart)
sources=("testsrc2=size=480x270:rate=24" "smptehdbars=size=480x270:rate=24" "rgbtestsrc=size=480x270:rate=24")
for i in 1 2 3; do
  src="${sources[$((i - 1))]}"
  ffmpeg -loglevel error -y -f lavfi -i "$src:duration=8" -f lavfi -i "sine=frequency=$((220 * i)):duration=8" \
    -vf "drawtext=text='CLIP $i %{pts\\:hms}':fontcolor=white:fontsize=28:box=1:boxcolor=black@0.6:x=20:y=20" \
    "${enc[@]}" "$out/clip-$i.mp4"
  rm -rf "$out/hls-$i" && mkdir -p "$out/hls-$i"
  ffmpeg -loglevel error -y -i "$out/clip-$i.mp4" -c copy -f hls -hls_time 2 -hls_playlist_type vod -hls_segment_type fmp4 -hls_fmp4_init_filename init.mp4 \
    -hls_segment_filename "$out/hls-$i/seg-%d.m4s" "$out/hls-$i/index.m3u8"
done
ls -la "$out"
