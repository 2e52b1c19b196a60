program "Errors" ; one of each kind of mistake; none of this runs
register integer Counter
register string Name
set Counter "hello"
start
forward -5
turn up 90
register real and
register integer counter
if Counter then
  set Name Name + 1
  beep 100 20
else
  While true do
  forward 10 20
endif
repeat 2.5 times
  set Missing 3
  grab the box
endrepeat
weight
beep 100
endwhile
stop
