; SYNTAX TEST "source.robbie" "Robbie Language program"
program "Pace Forever" ; a name
; <------- keyword.other.program.robbie
;       ^^^^^^^^^^^^^^ string.quoted.double.robbie
;                      ^^^^^^^^ comment.line.semicolon.robbie
register integer Counter
; <-------- keyword.other.register.robbie
;        ^^^^^^^ storage.type.robbie
;                ^^^^^^^ variable.other.declaration.robbie
start
; <----- keyword.control.robbie
while true do
; <----- keyword.control.robbie
;     ^^^^ constant.language.boolean.robbie
;          ^^ keyword.control.robbie
forward 50
; <------- support.function.command.robbie
;       ^^ constant.numeric.robbie
turn left 180
;    ^^^^ support.constant.direction.robbie
if Counter < 10 and not blocked then
;  ^^^^^^^ variable.other.robbie
;          ^ keyword.operator.arithmetic.robbie
;               ^^^ keyword.operator.logical.robbie
;                       ^^^^^^^ support.variable.sensor.robbie
endif
endwhile
stop
