// ISO-BMFF / QuickTime box reader and rewriter.
