program "Pace Forever in a Rectangle" ; pace a 50 by 15 cm rectangle forever
start

while true do
  forward 50
  turn left 90
  forward 15
  turn left 90
endwhile
stop
