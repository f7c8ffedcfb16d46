"""The people at the tables: addresses and their sign-in (accounts), joining seats (players), handing a seat
on (handover), computer players, vacations (away) and an address's games across the site (mygames)
(architecture section 27). Above play; below the notices and the web."""
