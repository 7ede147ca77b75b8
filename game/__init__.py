"""Arlington: Oklahoma Rummy for the browser and the desktop."""
