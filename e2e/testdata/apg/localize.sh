#!/bin/sh
# Copies the W3C ARIA Authoring Practices examples from a checkout of
# github.com/w3c/aria-practices (REPO, at COMMIT) into this folder, made
# local: every page here loads nothing but its own folder's files, so the
# tests that read them reach nothing but loopback. What changes:
#   - the W3C base style sheet and Font Awesome (both on other hosts) are
#     not linked; their <link> lines become comments;
#   - the "support levels" frames of aria-at.w3.org lose their src (an
#     empty frame stays in their place);
#   - images over 150 KB (screenshots in the landmarks pages, one map) are
#     left out: their <img> elements stay, with their alt text.
# Usage: localize.sh REPO [COMMIT]
set -eu
repo=$1
commit=${2:-HEAD}
here=$(cd "$(dirname "$0")" && pwd)
cd "$repo"
git rev-parse "$commit" > "$here/COMMIT"
rm -rf "$here/patterns" "$here/shared" "$here/images"
git ls-tree -r --name-only "$commit" content/patterns content/shared content/images |
  grep -E '^content/(patterns/[^/]+/examples/|shared/(js|css|templates)/|images/)' |
  while read -r f; do
    size=$(git cat-file -s "$commit:$f")
    case $f in
      *.png|*.jpg|*.jpeg|*.gif) [ "$size" -le 153600 ] || continue ;;
    esac
    case $f in
      content/images/*) base=$(basename "$f"); git grep -q -F "$base" "$commit" -- 'content/patterns/*/examples/*' || continue ;;
    esac
    out="$here/${f#content/}"
    mkdir -p "$(dirname "$out")"
    git show "$commit:$f" > "$out"
  done
find "$here/patterns" -name '*.html' | while read -r p; do
  sed -i \
    -e 's#^\( *\)<link rel="stylesheet" href="https://www.w3.org/StyleSheets/TR/2016/base.css">#\1<!-- (localized) <link rel="stylesheet" href="https://www.w3.org/StyleSheets/TR/2016/base.css"> -->#' \
    -e 's#^\( *\)<link \(.*\)href="https://use.fontawesome.com/\([^"]*\)"\(.*\)>#\1<!-- (localized) <link \2href="https://use.fontawesome.com/\3"\4> -->#' \
    -e 's#src="https://aria-at.w3.org/[^"]*"#data-localized-src="removed"#' \
    "$p"
done
git show "$commit:LICENSE.md" > "$here/LICENSE.md"
