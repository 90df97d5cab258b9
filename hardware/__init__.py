"""Hardware adapters at the edge: buttons (gpiozero) and the OLED (luma.oled). Built in the hardware issue."""
