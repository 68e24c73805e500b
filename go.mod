module deuce

go 1.26.8
