program "Move Ten Things" ; carry ten items, fed to one place, one metre away
start

register integer NumMoved ; items moved so far
set NumMoved 0

while NumMoved < 10 do
  grab                  ; pick up an item
  turn left 180         ; turn around
  forward 100           ; one metre
  drop                  ; put it down
  turn left 180         ; turn back
  forward 100           ; back to the feeder
  set NumMoved NumMoved + 1
endwhile

beep 10000 500 ; ten seconds at 500 Hz: done
stop
