program "Sorter" ; walk along a row of objects and sort them by weight
; Objects lie every 50 cm along Robbie's path (rooms/sorter.room). Each one of at most 2 kg is put down
; 60 cm to Robbie's left (the light row), each heavier one 60 cm to his right (the heavy row); objects too
; heavy for the claw stay where they are.
start

register integer Position   ; how many stops made along the row
register integer Light      ; objects put on the light pile
register integer Heavy      ; objects put on the heavy pile
register integer Grams      ; weight of the object in the claw
register string LastPile    ; the pile used last

repeat 6 times
  forward 50
  set Position Position + 1
  grab
  set Grams weight
  if Grams > 0 and Grams <= 2000 then
    turn left 90
    forward 60
    drop
    back 60
    turn right 90
    set Light Light + 1
    set LastPile "light"
  else
    if Grams > 2000 then
      turn right 90
      forward 60
      drop
      back 60
      turn left 90
      set Heavy Heavy + 1
      set LastPile "heavy"
    endif
  endif
endrepeat
beep 500 2000
stop
