program "Bother" ; demand attention until an object is there to pick up
start

register boolean Ignored ; is there an item yet?
set Ignored true
register integer Beeps   ; beeps so far
set Beeps 0

while Ignored do
  set Beeps Beeps + 1
  if Beeps < 3 then      ; short beeps the first two times
    beep 1000 500
  else                   ; then out of patience
    beep 5000 500
  endif
  grab                   ; try to pick up an item
  if weight > 0 then     ; got one?
    set Ignored false
  else
    forward 10           ; look a little further on
  endif
endwhile
stop
