program "Wall Follower" ; drive round the room, keeping to the walls
; Robbie goes forward in 10 cm steps; at each wall or obstacle he turns left, and after two rounds of
; the room's four corners he stops. He measures the distance driven as he goes.
start

register integer Corners
register real Metres
register boolean Done

while not Done do
  if blocked then
    turn left 90
    set Corners Corners + 1
    beep 200 880
  else
    forward 10
    set Metres Metres + 0.1
  endif
  set Done Corners >= 8
endwhile
pause 1000
stop
