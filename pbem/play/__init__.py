"""Playing a game: loading and folding its log, the verbs that append to it (service, deciding), its clock
and rest days, reading it for a seat (redaction), auditing it and moving records in and out (architecture
section 27). Below the people, the notices and the web; above the store, the events and the games."""
