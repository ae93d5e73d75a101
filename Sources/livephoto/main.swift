print("livephoto")
