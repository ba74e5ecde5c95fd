# render/page/embed.cmake - the interactive page's own files as C arrays.
#
# Run as `cmake -DOUT=page_assets.c -DDIR=render/page -DSQUEEZE=squeeze
# -P embed.cmake` by the build (CMakeLists.txt; SQUEEZE is squeeze.c
# built for the host), so an installed hp2x carries its page and needs
# no data file.  It writes, for the template, the style sheet and
# the script (the script is the .js files below, in the order listed,
# inside one function so they share names and leak none):
#   const unsigned char page_X[] = { ..., 0 }; const size_t page_X_len;
# and for the style and the script their Content-Security-Policy source,
# 'sha256-BASE64', the hash of the exact bytes the page puts between the
# tags (CSP level 2, "hash-source").  A byte array, not a string literal:
# C11 promises only 4,095 characters in one literal.
#
# The sources stay readable (comments, indentation, blanks around
# operators); the page needs none of them, so what is embedded is
# stripped of them (91 KB became 66, then 58 with squeeze.c's part):
# /* */ comments anywhere (one that held a line break becomes one: it
# counts as one, ECMA-262's "Comments", and may end a statement), whole-line
# // comments in the scripts, <!-- --> in the template, the blanks that
# start and end each line, and empty lines.  Lines are never joined and
# nothing inside a line but a /* */ comment is touched here.  That is safe as
# long as the sources keep to the following, which strip() checks,
# failing the build with the file and line rather than embedding a
# broken page:
#  - no backtick in a script outside comments (a template literal may
#    span lines and hold anything: comment-like text, needed blanks);
#  - no line ends in a backslash (a string continued on the next line);
#  - "/*" opens a comment only at the start of a line or after a blank,
#    outside every '...' and "..." string and never after a // on its
#    line (so a "/*" in a string, a regex literal or a // comment stops
#    the build); no "*/" outside a comment;
#  - in a script, "//" after code on a line only inside a string (today
#    only table.js's SVG namespace URL): a trailing // comment stops the
#    build, put it on its own line or in /* */.
# A regex literal is not told apart from the code around it here: one
# holding a quote, "/*", "*/" or "//" may be misread, so keep them out
# (there are two today, /^#/ and /\.?0+$/).
# Then squeeze (squeeze.c, see its top) drops the blanks inside a line
# that mean nothing, `a = b + c;` -> `a=b+c;`, `.a { b: c; }` ->
# `.a{b:c;}`, outside strings and regex literals (which it does tell
# apart, and stops the build, naming the line, where it cannot); line
# breaks stay.  The hashes are of the bytes squeeze writes.

cmake_policy(VERSION 3.18)   # CMP0054: "html" is a string, not a variable

set(scripts util.js data.js raster.js chart.js key.js table.js tree.js state.js live.js main.js)

function(base64_of_hex hex out)
  set(alphabet "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
  string(LENGTH "${hex}" n)
  set(res "")
  set(i 0)
  while(i LESS n)
    math(EXPR left "${n} - ${i}")
    if(left GREATER_EQUAL 6)
      string(SUBSTRING "${hex}" ${i} 6 chunk)
      set(pad 0)
    elseif(left EQUAL 4)
      string(SUBSTRING "${hex}" ${i} 4 chunk)
      set(chunk "${chunk}00")
      set(pad 1)
    else()
      string(SUBSTRING "${hex}" ${i} 2 chunk)
      set(chunk "${chunk}0000")
      set(pad 2)
    endif()
    math(EXPR v "0x${chunk}")
    foreach(shift 18 12 6 0)
      math(EXPR k "(${v} >> ${shift}) & 63")
      string(SUBSTRING "${alphabet}" ${k} 1 c)
      string(APPEND res "${c}")
    endforeach()
    if(pad EQUAL 1)
      string(REGEX REPLACE ".$" "=" res "${res}")
    elseif(pad EQUAL 2)
      string(REGEX REPLACE "..$" "==" res "${res}")
    endif()
    math(EXPR i "${i} + 6")
  endwhile()
  set(${out} "${res}" PARENT_SCOPE)
endfunction()

# Fails the build at byte `at` of `text`, naming the file, the line and
# its text: `text` is the file's own bytes, or, when `orig` holds them,
# the bytes partly stripped, whose line is then looked for in `orig`.
function(strip_fail file text at why orig)
  string(SUBSTRING "${text}" 0 ${at} head)
  string(FIND "${head}" "\n" ls REVERSE)
  math(EXPR ls "${ls} + 1")
  string(SUBSTRING "${text}" ${ls} -1 tail)
  string(FIND "${tail}" "\n" le)
  string(SUBSTRING "${tail}" 0 ${le} ltext)
  if(NOT orig STREQUAL "")
    string(FIND "${orig}" "${ltext}" at)
    if(at EQUAL -1)
      set(at 0)   # a line a comment was cut from: no line number
    endif()
    string(SUBSTRING "${orig}" 0 ${at} head)
  endif()
  string(REGEX MATCHALL "\n" nls "${head}")
  list(LENGTH nls n)
  math(EXPR n "${n} + 1")
  message(FATAL_ERROR "${DIR}/${file}:${n}: ${why}, which embed.cmake's "
    "stripping of comments and blanks relies on not finding "
    "(see its top):\n  ${ltext}")
endfunction()

# Sets `pre` to what `before` holds after its last line break (a line
# up to a place in it), and `q` to whether that ends inside a '...' or
# "..." string (its complete strings removed, a quote is left).
function(line_so_far before)
  string(FIND "${before}" "\n" ls REVERSE)
  math(EXPR ls "${ls} + 1")
  string(SUBSTRING "${before}" ${ls} -1 pre)
  string(REGEX REPLACE "\"([^\"\\\\]|\\\\.)*\"|'([^'\\\\]|\\\\.)*'" "" q "${pre}")
  set(pre "${pre}" PARENT_SCOPE)
  if(q MATCHES "[\"']")
    set(q TRUE PARENT_SCOPE)
  else()
    set(q FALSE PARENT_SCOPE)
  endif()
endfunction()

# The bytes the page embeds for source `file` (its text in `text`); kind
# is js, css or html.  See the top of this file.
function(strip file kind text out)
  if(kind STREQUAL "html")
    set(open "<!--")
    set(close "-->")
  else()
    set(open "/*")
    set(close "*/")
  endif()
  string(LENGTH "${open}" olen)
  string(LENGTH "${close}" clen)
  set(res "")
  set(rest "${text}")
  set(base 0)   # where rest starts in text
  while(TRUE)
    string(FIND "${rest}" "${open}" a)
    if(a EQUAL -1)
      break()
    endif()
    math(EXPR at "${base} + ${a}")
    string(SUBSTRING "${rest}" 0 ${a} before)
    if(NOT kind STREQUAL "html")
      line_so_far("${before}")
      if(NOT pre MATCHES "(^|[ \t])$")
        strip_fail(${file} "${text}" ${at} "\"/*\" neither starts the line nor follows a blank" "")
      elseif(q)
        strip_fail(${file} "${text}" ${at} "\"/*\" inside a string" "")
      elseif(pre MATCHES "//")
        strip_fail(${file} "${text}" ${at} "\"/*\" after a //" "")
      endif()
    endif()
    math(EXPR from "${a} + ${olen}")
    string(SUBSTRING "${rest}" ${from} -1 tail)
    string(FIND "${tail}" "${close}" b)
    if(b EQUAL -1)
      strip_fail(${file} "${text}" ${at} "a comment that never ends" "")
    endif()
    # In a script a comment that held a line break stands for one.
    string(SUBSTRING "${tail}" 0 ${b} body)
    if(kind STREQUAL "html")
      string(APPEND res "${before}")
    elseif(body MATCHES "\n")
      string(APPEND res "${before}\n")
    else()
      string(APPEND res "${before} ")
    endif()
    math(EXPR skip "${b} + ${clen}")
    string(SUBSTRING "${tail}" ${skip} -1 rest)
    math(EXPR base "${base} + ${from} + ${skip}")
  endwhile()
  string(APPEND res "${rest}")
  if(kind STREQUAL "html")
    # Only comments go: blanks may matter in the template's text.
    set(${out} "${res}" PARENT_SCOPE)
    return()
  endif()
  set(bad "*/" "\\\n")
  set(why "\"*/\" outside a comment" "a line ending in a backslash")
  if(kind STREQUAL "js")
    list(APPEND bad "`")
    list(APPEND why "a backtick (template literal)")
  endif()
  foreach(b w IN ZIP_LISTS bad why)
    string(FIND "${res}" "${b}" at)
    if(NOT at EQUAL -1)
      strip_fail(${file} "${res}" ${at} "${w}" "${text}")
    endif()
  endforeach()
  string(REGEX REPLACE "(^|\n)[ \t]+" "\\1" res "${res}")
  string(REGEX REPLACE "[ \t]+(\n|$)" "\\1" res "${res}")
  if(kind STREQUAL "js")
    string(REGEX REPLACE "(^|\n)//[^\n]*" "\\1" res "${res}")
    # What "//" is left must be inside a string.
    set(rest "${res}")
    set(base 0)
    while(TRUE)
      string(FIND "${rest}" "//" a)
      if(a EQUAL -1)
        break()
      endif()
      string(SUBSTRING "${rest}" 0 ${a} before)
      line_so_far("${before}")
      if(NOT q)
        math(EXPR at "${base} + ${a}")
        strip_fail(${file} "${res}" ${at} "a // comment after code" "${text}")
      endif()
      math(EXPR from "${a} + 2")
      string(SUBSTRING "${rest}" ${from} -1 rest)
      math(EXPR base "${base} + ${from}")
    endwhile()
  endif()
  string(REGEX REPLACE "\n\n+" "\n" res "${res}")
  string(REGEX REPLACE "^\n+" "" res "${res}")
  if(NOT res MATCHES "\n$")
    string(APPEND res "\n")
  endif()
  # The blanks inside lines that mean nothing: squeeze.c.
  file(WRITE "${OUT}.sq.in" "${res}")
  execute_process(COMMAND "${SQUEEZE}" ${kind} "${OUT}.sq.in" "${OUT}.sq.out"
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    if(err MATCHES "^([0-9]+) ([^\n]*)")
      strip_fail(${file} "${res}" ${CMAKE_MATCH_1} "${CMAKE_MATCH_2}" "${text}")
    endif()
    message(FATAL_ERROR "${DIR}/${file}: ${SQUEEZE} failed (${rc}): ${err}")
  endif()
  file(READ "${OUT}.sq.out" res)
  file(REMOVE "${OUT}.sq.in" "${OUT}.sq.out")
  set(${out} "${res}" PARENT_SCOPE)
endfunction()

# name: the C name; text: the bytes
function(emit name text)
  file(WRITE "${OUT}.tmp.bin" "${text}")
  file(READ "${OUT}.tmp.bin" hex HEX)
  file(SHA256 "${OUT}.tmp.bin" sum)
  string(LENGTH "${hex}" n)
  math(EXPR len "${n} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
  base64_of_hex("${sum}" b64)
  string(APPEND C "const unsigned char page_${name}[] = {\n${bytes}0};\n")
  string(APPEND C "const size_t page_${name}_len = ${len};\n")
  string(APPEND C "const char page_${name}_hash[] = \"'sha256-${b64}'\";\n\n")
  set(C "${C}" PARENT_SCOPE)
endfunction()

set(C "/* Generated by render/page/embed.cmake from render/page/: do not edit. */\n#include <stddef.h>\n\n")
file(READ "${DIR}/page.html" html)
strip(page.html html "${html}" html)
emit(html "${html}")
file(READ "${DIR}/page.css" css)
strip(page.css css "${css}" css)
emit(css "${css}")
set(js "(function(){\n'use strict';\n")
foreach(s ${scripts})
  file(READ "${DIR}/${s}" part)
  strip(${s} js "${part}" part)
  string(APPEND js "${part}")
endforeach()
string(APPEND js "}());\n")
emit(js "${js}")
file(REMOVE "${OUT}.tmp.bin")
file(WRITE "${OUT}.tmp" "${C}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
