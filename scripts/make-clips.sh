#!/usr/bin/env bash
# Regenerates the neutral placeholder clips the reference gateway serves (committed under
# server/media/clips). Needs ffmpeg (apt-get install ffmpeg); nothing at run time does.
# Each clip: clip-N.mp4 (480x270), and hls-N/ with master.m3u8 naming two renditions (decision 081),
# 540p/ (960x540) and 270p/ (480x270), each an fMP4 media playlist index.m3u8 with init.mp4 and seg-K.m4s.
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/server/media/clips"
mkdir -p "$out"
x264=(-c:v libx264 -profile:v baseline -pix_fmt yuv420p -preset veryslow -g 48 -keyint_min 48 -sc_threshold 0)
aac=(-c:a aac -b:a 32k -ac 1)
sources=("testsrc2=size=960x540:rate=24" "smptehdbars=size=960x540:rate=24" "rgbtestsrc=size=960x540:rate=24")
for i in 1 2 3; do
  src="${sources[$((i - 1))]}"
  label="drawtext=text='CLIP $i %{pts\\:hms}':fontcolor=white:fontsize=56:box=1:boxcolor=black@0.6:x=40:y=40"
  ffmpeg -loglevel error -y -f lavfi -i "$src:duration=8" -f lavfi -i "sine=frequency=$((220 * i)):duration=8" \
    -vf "$label,scale=480:270" "${x264[@]}" -crf 32 "${aac[@]}" -movflags +faststart "$out/clip-$i.mp4"
  rm -rf "$out/hls-$i" && mkdir -p "$out/hls-$i"
  # One encode per rendition, from the same source, cut at the same keyframes (every 2 s), so a player can switch.
  ffmpeg -loglevel error -y -f lavfi -i "$src:duration=8" -f lavfi -i "sine=frequency=$((220 * i)):duration=8" \
    -filter_complex "[0:v]$label,split=2[a][b];[a]null[v540];[b]scale=480:270[v270]" \
    -map "[v540]" -map 1:a -map "[v270]" -map 1:a "${x264[@]}" -crf:v:0 38 -crf:v:1 34 "${aac[@]}" \
    -f hls -hls_time 2 -hls_playlist_type vod -hls_segment_type fmp4 -hls_fmp4_init_filename init.mp4 \
    -var_stream_map "v:0,a:0,name:540p v:1,a:1,name:270p" -master_pl_name master.m3u8 \
    -hls_segment_filename "$out/hls-$i/%v/seg-%d.m4s" "$out/hls-$i/%v/index.m3u8"
  # ffmpeg numbers each rendition's init section and, for CRF encodes, puts only the audio's rate in BANDWIDTH:
  # name every init section init.mp4 and give each variant its peak segment's bit rate (RFC 8216 4.3.4.2).
  bandwidths=""
  for v in 540p 270p; do
    mv "$out/hls-$i/$v"/init_*.mp4 "$out/hls-$i/$v/init.mp4"
    sed -i 's/init_[0-9]*\.mp4/init.mp4/' "$out/hls-$i/$v/index.m3u8"
    peak=$(stat -c %s "$out/hls-$i/$v"/seg-*.m4s | sort -n | tail -1)
    bandwidths="$bandwidths $v=$((peak * 8 / 2))"
  done
  awk -v bw="$bandwidths" 'BEGIN { n = split(bw, kv, " "); for (k = 1; k <= n; k++) { split(kv[k], p, "="); rate[p[1] "/index.m3u8"] = p[2] } }
    /^$/ { next }
    /^#EXT-X-STREAM-INF/ { held = $0; next }
    held != "" { sub(/BANDWIDTH=[0-9]+/, "BANDWIDTH=" rate[$0], held); print held; held = "" }
    { print }' "$out/hls-$i/master.m3u8" > "$out/hls-$i/master.tmp" && mv "$out/hls-$i/master.tmp" "$out/hls-$i/master.m3u8"
done
ls -la "$out" && du -sh "$out"
