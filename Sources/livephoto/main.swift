RawArguments.rejectNonUTF8()
LivePhotoCommand.runMain()
