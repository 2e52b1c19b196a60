program "Tour" ; every construct of the language once, in the default room
start

register integer Count    ; whole numbers
register real Ratio       ; decimals
register boolean Found    ; truth values
register string Message   ; text

set Message "Robbie" + " " + "ready"
set Ratio 7 / 2.0         ; a real operand makes the division real: 3.5
set Count 7 / 2 * 2 - 1   ; integer division truncates: 5
set Found not blocked and (Count >= 5 or false)

grab                      ; the ball lies beneath Robbie
if weight = 450 then
  beep 300 1000
else
  beep 300 200
endif
forward 20
turn right 90
back 5
turn left 90
drop

repeat Count - 2 times
  forward 10
  pause 250
endrepeat

while not blocked do      ; on to the east wall
  forward 100
endwhile
if Found and Message = "Robbie ready" then
  set Ratio Ratio * 2
endif
stop
