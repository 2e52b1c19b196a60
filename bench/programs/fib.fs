\ Recursive fibonacci in Forth, the gforth-fast reference for bench_jit (same algorithm as fib.gb).
: fib ( n -- f ) dup 2 < if exit then dup 1- recurse swap 2 - recurse + ;
: bench ( reps -- ) 0 ?do 20 fib drop loop ;
