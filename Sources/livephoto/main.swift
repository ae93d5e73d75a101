LivePhotoCommand.runMain()
