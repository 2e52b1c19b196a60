\ The sieve of Eratosthenes up to 1000 in Forth, the gforth-fast reference for bench_jit (same
\ algorithm as sieve.gb).
create flags 1001 cells allot
variable primes
: sieve ( -- n )
  1001 2 do 1 flags i cells + ! loop
  0 primes !
  1001 2 do
    flags i cells + @ if
      1 primes +!
      i i + 1001 < if 1001 i i + do 0 flags i cells + ! j +loop then
    then
  loop primes @ ;
: bench ( reps -- ) 0 ?do sieve drop loop ;
