#!/bin/sh
# Add Encounter Manager to your desktop's application menu (for you only; no root needed).
# The entry points at this folder: run this again if you move the folder, and delete
# ~/.local/share/applications/encounter-app.desktop to take the entry away.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
case "$here" in
  *[\"\`\$\\%]*)
    echo "install-desktop-entry.sh: the folder $here has one of \" \` \$ \\ % in its path," \
         "which a menu entry cannot hold; move it elsewhere and run this again." >&2
    exit 1 ;;
esac
data=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$data/applications" "$data/icons/hicolor/256x256/apps"
cp "$here/encounter-app.png" "$data/icons/hicolor/256x256/apps/encounter-app.png"
{
  grep -v -e '^Exec=' -e '^TryExec=' "$here/encounter-app.desktop"
  printf 'TryExec=%s\nExec="%s"\n' "$here/encounter-app" "$here/encounter-app"
} > "$data/applications/encounter-app.desktop"
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
echo "Encounter Manager is in your application menu ($data/applications/encounter-app.desktop)."
