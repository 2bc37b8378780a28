#!/usr/bin/env bash
# make-howto-clips.sh - render the five short demo clips shown on the member
# "How-to" page of Lucky Wallet:
#
#   apps/server/media/howto/wallet.mp4     Your wallet         / กระเป๋าเงินของคุณ
#   apps/server/media/howto/play.mp4       Start playing       / เริ่มเล่นเกม
#   apps/server/media/howto/balance.mp4    Check your balance  / ตรวจสอบยอดเงิน
#   apps/server/media/howto/bonus.mp4      Claim a bonus       / รับโบนัส
#   apps/server/media/howto/end-bonus.mp4  End a bonus         / จบโบนัส
#
# Each clip is an original, purely synthetic animation: portrait 360x640,
# 24 fps, 6 seconds, H.264 (libx264, yuv420p, +faststart), no audio track,
# well under 150 KB. It shows an English + Thai title, three numbered steps
# that appear one after another (about every 1.5 s) and a gold progress bar
# that grows across the bottom. Everything is drawn with ffmpeg filters
# (gradients, drawbox, drawtext); no external images, footage or music.
#
# Requirements: ffmpeg as packaged by Debian (apt-get install ffmpeg; needs
# libx264 and drawtext/libfreetype) and the Noto fonts (fonts-noto-core,
# which ships NotoSans and NotoSansThai).
#
# The rendered clips are committed to the repository, so nobody needs to run
# this script to build, test or deploy; run it only to change the clips:
#
#   bash scripts/make-howto-clips.sh
set -euo pipefail

# Thai titles are sliced by code point below, so use a UTF-8 locale.
export LC_ALL=C.UTF-8

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT_DIR="$ROOT/apps/server/media/howto"
FFMPEG="${FFMPEG:-ffmpeg}"

command -v "$FFMPEG" >/dev/null 2>&1 || {
  echo "error: ffmpeg not found (Debian: apt-get install ffmpeg)" >&2
  exit 1
}

# Locate a font file: try the usual Debian path first, then fontconfig.
find_font() {
  local file="$1" family="$2" style="$3" path
  if [[ -f "/usr/share/fonts/truetype/noto/$file" ]]; then
    echo "/usr/share/fonts/truetype/noto/$file"
    return
  fi
  path="$(fc-match -f '%{file}' "$family:style=$style" 2>/dev/null || true)"
  if [[ -n "$path" && "$(basename "$path")" == "$file" ]]; then
    echo "$path"
    return
  fi
  echo "error: font $file ($family $style) not found (Debian: apt-get install fonts-noto-core)" >&2
  exit 1
}

FONT_BOLD="$(find_font NotoSans-Bold.ttf 'Noto Sans' Bold)"
FONT_REG="$(find_font NotoSans-Regular.ttf 'Noto Sans' Regular)"
FONT_THAI="$(find_font NotoSansThai-Bold.ttf 'Noto Sans Thai' Bold)"

# Palette
BG_TOP="0x0B1020"
BG_BOTTOM="0x141B33"
GOLD="0xF2B632"
TEXT="0xF4F6FB"
MUTED="0x9AA4C4"

W=360
H=640
FPS=24
DUR=6

# Text goes through textfile= so that ':' and quotes never need escaping.
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# write_text NAME TEXT -> prints the path of a file holding TEXT (no newline
# at the end).
write_text() {
  local f="$TMP/$1.txt"
  printf '%s' "$2" >"$f"
  echo "$f"
}

# Step layout
STEP_Y0=196     # top of step 1
STEP_GAP=112    # vertical distance between steps
STEP_T0=1.0     # step 1 appears at this time (s)
STEP_DT=1.5     # then one step every STEP_DT seconds
BADGE=40        # size of the gold number badge
BADGE_X=24
TEXT_X=82       # left edge of the step text (right margin >= 20 px)

# make_clip NAME "English title" "Thai title" "MARKS" "step 1" "step 2" "step 3"
#
# Steps use "|" to break onto a second line.
#
# MARKS works around a limit of Debian's ffmpeg 5.1 drawtext: it has no
# HarfBuzz shaping, so Thai tone marks are not moved by the font's GPOS
# rules and collide with an upper vowel (เริ่ม) or a tall consonant (ป๋).
# Each space-separated "INDEX:X:DY" entry takes the character at INDEX
# (counted in code points) out of the Thai title and draws it on its own,
# with its pen at X px right of the title's left edge and DY px below its
# default height. Glyphs are placed on a shared baseline (y = B - ascent),
# so only the offsets matter. Values were measured for NotoSansThai-Bold at
# 22 px and checked by eye; "" means no repositioning is needed.
make_clip() {
  local name="$1" title_en="$2" title_th="$3" marks="$4"
  shift 4
  local -a steps=("$@")
  local f_brand f_en f_th f_num f_step f_mark
  local fc i j y t0 base th_base mark idx mx mdy last
  local -a lines

  # Remove the repositioned marks from the title (highest index first).
  th_base="$title_th"
  for mark in $(printf '%s\n' $marks | sort -t: -k1,1nr); do
    idx="${mark%%:*}"
    th_base="${th_base:0:idx}${th_base:idx+1}"
  done

  f_brand="$(write_text "$name-brand" "LUCKY WALLET  ·  HOW-TO")"
  f_en="$(write_text "$name-en" "$title_en")"
  f_th="$(write_text "$name-th" "$th_base")"

  # Static gradient background: render one frame, then repeat it for DUR s.
  fc="gradients=s=${W}x${H}:r=${FPS}:c0=${BG_TOP}:c1=${BG_BOTTOM}"
  fc+=":x0=0:y0=0:x1=0:y1=$((H - 1)):nb_colors=2:speed=0.00001"
  fc+=",trim=end_frame=1,loop=loop=$((FPS * DUR - 1)):size=1:start=0"
  fc+=",setpts=N/(${FPS}*TB),format=yuv420p"

  # Header: brand line, English title, Thai title (baseline at y=121).
  fc+=",drawtext=fontfile='${FONT_BOLD}':textfile='${f_brand}':expansion=none"
  fc+=":fontsize=12:fontcolor=${MUTED}:x=24:y=34"
  fc+=":alpha='min(1,t/0.4)'"
  fc+=",drawtext=fontfile='${FONT_BOLD}':textfile='${f_en}':expansion=none"
  fc+=":fontsize=24:fontcolor=${TEXT}:x=24:y='66+max(0,12-t*30)'"
  fc+=":alpha='min(1,t/0.4)'"
  local th_y="121-ascent+max(0,12-(t-0.2)*30)"
  local th_a="min(1,max(0,(t-0.2)/0.4))"
  fc+=",drawtext=fontfile='${FONT_THAI}':textfile='${f_th}':expansion=none"
  fc+=":fontsize=22:fontcolor=${GOLD}:x=24:y='${th_y}':alpha='${th_a}'"
  for mark in $marks; do
    IFS=: read -r idx mx mdy <<<"$mark"
    f_mark="$(write_text "$name-mark$idx" "${title_th:idx:1}")"
    fc+=",drawtext=fontfile='${FONT_THAI}':textfile='${f_mark}':expansion=none"
    fc+=":fontsize=22:fontcolor=${GOLD}:x=$((24 + mx)):y='${th_y}+(${mdy})'"
    fc+=":alpha='${th_a}'"
  done

  for i in 0 1 2; do
    y=$((STEP_Y0 + i * STEP_GAP))
    t0="$(awk -v a="$STEP_T0" -v b="$STEP_DT" -v i="$i" 'BEGIN{printf "%.2f", a + b * i}')"
    f_num="$(write_text "$name-n$i" "$((i + 1))")"
    # Step text: one or two lines, each its own drawtext on a fixed
    # baseline (y = baseline - ascent) so spacing does not depend on which
    # letters a line has; the block is centred on the badge.
    IFS='|' read -r -a lines <<<"${steps[$i]}"
    if ((${#lines[@]} > 1)); then base=$((y + 16)); else base=$((y + 26)); fi
    # The gold outline marks the newest step; the last one keeps it.
    if ((i == 2)); then last="gte(t,${t0})"; else last="between(t,${t0},${t0}+${STEP_DT}-0.05)"; fi

    # Card behind the step, slightly lighter than the background.
    fc+=",drawbox=x=14:y=$((y - 14)):w=$((W - 28)):h=$((BADGE + 28))"
    fc+=":color=0x1C2544@0.85:t=fill:enable='gte(t,${t0})'"
    fc+=",drawbox=x=14:y=$((y - 14)):w=$((W - 28)):h=$((BADGE + 28))"
    fc+=":color=${GOLD}@0.9:t=2:enable='${last}'"

    # Gold "rounded" badge: two overlapping boxes clip the corners. For the
    # first 0.2 s a slightly larger halo makes it pop in.
    fc+=",drawbox=x=$((BADGE_X - 4)):y=$((y - 4)):w=$((BADGE + 8)):h=$((BADGE + 8))"
    fc+=":color=${GOLD}@0.35:t=fill:enable='between(t,${t0},${t0}+0.2)'"
    fc+=",drawbox=x=${BADGE_X}:y=$((y + 3)):w=${BADGE}:h=$((BADGE - 6))"
    fc+=":color=${GOLD}:t=fill:enable='gte(t,${t0})'"
    fc+=",drawbox=x=$((BADGE_X + 3)):y=${y}:w=$((BADGE - 6)):h=${BADGE}"
    fc+=":color=${GOLD}:t=fill:enable='gte(t,${t0})'"
    fc+=",drawtext=fontfile='${FONT_BOLD}':textfile='${f_num}':expansion=none"
    fc+=":fontsize=22:fontcolor=${BG_TOP}:x='${BADGE_X}+(${BADGE}-tw)/2':y=$((y + 8))"
    fc+=":enable='gte(t,${t0})'"

    # Step text fades in and drifts up a little.
    for j in "${!lines[@]}"; do
      f_step="$(write_text "$name-s$i-$j" "${lines[$j]}")"
      fc+=",drawtext=fontfile='${FONT_REG}':textfile='${f_step}':expansion=none"
      fc+=":fontsize=17:fontcolor=${TEXT}:x=${TEXT_X}"
      fc+=":y='$((base + j * 22))-ascent+max(0,(${t0}+0.35-t)*24)'"
      fc+=":alpha='min(1,max(0,(t-${t0})/0.35))':enable='gte(t,${t0})'"
    done
  done

  # Footer hint.
  f_step="$(write_text "$name-foot" "luckywallet  /  how-to")"
  fc+=",drawtext=fontfile='${FONT_REG}':textfile='${f_step}':expansion=none"
  fc+=":fontsize=12:fontcolor=${MUTED}:x=(w-tw)/2:y=$((H - 44))"
  fc+="[bg];"

  # drawbox cannot animate its size in ffmpeg 5.1, so the growing bars are
  # a gold strip sliding into a fixed-size canvas (overlay clips it) that is
  # then laid over the frame.
  local rule_w=56 bar_w=$((W - 48))
  fc+="color=c=black@0:s=${rule_w}x3:r=${FPS}:d=${DUR},format=rgba[rulebg];"
  fc+="color=c=${GOLD}:s=${rule_w}x3:r=${FPS}:d=${DUR},format=rgba[rulefill];"
  fc+="[rulebg][rulefill]overlay=x='-w+w*min(1,max(0,(t-0.3)/0.4))':y=0:eval=frame[rule];"
  fc+="color=c=0x2A3358:s=${bar_w}x4:r=${FPS}:d=${DUR}[track];"
  fc+="color=c=${GOLD}:s=${bar_w}x4:r=${FPS}:d=${DUR}[fill];"
  fc+="[track][fill]overlay=x='-w+w*min(1,(t+1/${FPS})/${DUR})':y=0:eval=frame[bar];"
  fc+="[bg][rule]overlay=x=24:y=150[v1];"
  fc+="[v1][bar]overlay=x=24:y=$((H - 20)),format=yuv420p[out]"

  mkdir -p "$OUT_DIR"
  "$FFMPEG" -hide_banner -loglevel error -y \
    -filter_complex "$fc" -map '[out]' \
    -t "$DUR" -an \
    -c:v libx264 -preset veryslow -crf 30 -pix_fmt yuv420p \
    -r "$FPS" -movflags +faststart -map_metadata -1 \
    "$OUT_DIR/$name.mp4"
  echo "wrote $OUT_DIR/$name.mp4 ($(stat -c %s "$OUT_DIR/$name.mp4") bytes)"
}

make_clip wallet "Your wallet" "กระเป๋าเงินของคุณ" "5:50:0" \
  "Deposit by bank transfer|or QR" \
  "Your balance updates|automatically" \
  "Move money to a|game account"

make_clip play "Start playing" "เริ่มเล่นเกม" "3:19:-4" \
  "Pick a game card on Home" \
  "Open an account|(one tap)" \
  "Tap Play: your balance|moves to the game"

make_clip balance "Check your balance" "ตรวจสอบยอดเงิน" "" \
  "Total = wallet + all games" \
  "Tap refresh to update" \
  "See every move in|Statement"

make_clip bonus "Claim a bonus" "รับโบนัส" "" \
  "Open Bonus from Home" \
  "Choose a promotion" \
  "Tap Receive before|you deposit"

make_clip end-bonus "End a bonus" "จบโบนัส" "" \
  "Reach the turnover|condition" \
  "Open Bonus, tap|End bonus" \
  "Withdraw freely|afterwards"
