"""A ParaView picture of a converted run: spins as arrows coloured by s_z, at one snapshot time.

    build/tools/miniasd-convert runs/bcc-fe --to vtu          # writes runs/bcc-fe/spins.pvd
    xvfb-run -a pvbatch tools/paraview_view.py runs/bcc-fe/spins.pvd -o view.png [--time 1.2]

Run it with ParaView's pvbatch (Debian: paraview and python3-paraview, which conflicts with the
tests' python3-vtk9; xvfb-run gives it a display on machines without one). It sets up what one would click in the GUI: the .pvd reader, a Glyph
filter (arrows oriented by the 'spin' vectors, scaled to 80% of the atom spacing), colouring by
the spin's Z component on a blue-white-red scale with a colour bar, and an oblique camera. The
same steps in the GUI: open the .pvd, Filters > Glyph, Orientation 'spin', Scale off, colour by
spin Z, and press play to step through the snapshots.
"""
import argparse

from paraview.simple import (ColorBy, Glyph, GetActiveViewOrCreate, GetColorTransferFunction,
                             GetScalarBar, PVDReader, Render, SaveScreenshot, Show)

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("pvd")
parser.add_argument("-o", "--output", default="paraview.png")
parser.add_argument("--time", type=float, help="snapshot time in ps (default: the last)")
parser.add_argument("--size", default="1000x750", help="picture size WIDTHxHEIGHT")
args = parser.parse_args()

reader = PVDReader(FileName=args.pvd)
times = list(reader.TimestepValues) if reader.TimestepValues else [0.0]
time = args.time if args.time is not None else times[-1]
reader.UpdatePipeline(time)
bounds = reader.GetDataInformation().GetBounds()
points = reader.GetDataInformation().GetNumberOfPoints()
volume = max(bounds[1] - bounds[0], 1) * max(bounds[3] - bounds[2], 1) * max(bounds[5] - bounds[4], 1)
spacing = (volume / max(points, 1)) ** (1 / 3)

arrows = Glyph(Input=reader, GlyphType="Arrow")
arrows.OrientationArray = ["POINTS", "spin"]
arrows.ScaleArray = ["POINTS", "No scale array"]
arrows.ScaleFactor = 0.8 * spacing
arrows.GlyphMode = "All Points"
arrows.GlyphType.TipRadius = 0.2
arrows.GlyphType.ShaftRadius = 0.06

width, height = (int(v) for v in args.size.split("x"))
view = GetActiveViewOrCreate("RenderView")
view.ViewSize = [width, height]
view.ViewTime = time
view.OrientationAxesVisibility = 1
display = Show(arrows, view)
ColorBy(display, ("POINTS", "spin", "Z"))
lut = GetColorTransferFunction("spin")
lut.ApplyPreset("Cool to Warm", True)
lut.RescaleTransferFunction(-1.0, 1.0)
display.SetScalarBarVisibility(view, True)
bar = GetScalarBar(lut, view)
bar.Title = "s_z"
bar.ComponentTitle = ""
outline = Show(reader, view)
outline.SetRepresentationType("Outline")
outline.AmbientColor = outline.DiffuseColor = [0.3, 0.3, 0.3]
outline.ColorArrayName = [None, ""]

centre = [(bounds[0] + bounds[1]) / 2, (bounds[2] + bounds[3]) / 2, (bounds[4] + bounds[5]) / 2]
size = max(bounds[1] - bounds[0], bounds[3] - bounds[2], bounds[5] - bounds[4])
view.CameraFocalPoint = centre
view.CameraPosition = [centre[0] + 1.4 * size, centre[1] - 2.4 * size, centre[2] + 1.8 * size]
view.CameraViewUp = [0, 0, 1]
view.ResetCamera()
Render(view)
SaveScreenshot(args.output, view, ImageResolution=[width, height])
print(f"wrote {args.output} (t = {time:g} ps of {len(times)} snapshots, {points} atoms)")
