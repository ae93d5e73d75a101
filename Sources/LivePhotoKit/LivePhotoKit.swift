import ISOBMFF
import StillImage
