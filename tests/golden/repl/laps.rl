program "Golden Laps"
register integer Laps ; laps so far
register real Metres
start
repeat 4 times
  forward 100
  turn left 90
  set Laps Laps + 1
endrepeat
stop
