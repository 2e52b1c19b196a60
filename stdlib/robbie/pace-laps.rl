program "Pace Laps" ; pace back and forth on a 50 cm line ten times
start

register integer Laps ; a counter
set Laps 0

while Laps < 10 do
  forward 50        ; half a metre
  turn left 180     ; reverse course
  set Laps Laps + 1 ; count this lap
endwhile
stop
