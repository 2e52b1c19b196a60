program "Pace Forever" ; the manual's first sample: pace back and forth forever
start

while true do   ; do the following forever
  forward 50    ; move forward 50 cm
  turn left 180 ; about-face
endwhile
stop
