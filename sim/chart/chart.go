// Package chart draws the charts of a simulation report, as SVG and PNG files, with
// gonum.org/v1/plot: win rates and ratings with their 95% intervals, the distributions of match
// and rally lengths, and the balance of each variant and tag.
package chart

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"deuce/sim"
)

// Sizes of the charts and their text.
const (
	width    = 10 * vg.Inch
	dpi      = 120
	titleSz  = 18
	labelSz  = 15
	tickSz   = 13
	annotSz  = 12
	rowInch  = 0.55 // height per bar of a horizontal bar chart
	minInchH = 3.5
)

var (
	barColor   = color.RGBA{R: 0x4c, G: 0x72, B: 0xb0, A: 0xff}
	otherColor = color.RGBA{R: 0xdd, G: 0x84, B: 0x52, A: 0xff}
	refColor   = color.RGBA{R: 0x88, G: 0x88, B: 0x88, A: 0xff}
)

// Write draws r's charts into dir, creating it, and returns the files written: for each chart
// NAME.svg and NAME.png. The charts are win-rates (per pairing), ratings, match-length,
// rally-length (when the game reports rallies), and for each breakdown key (variant, surface,
// character...) KEY-win-rate (a tag of one side), KEY-seat-one, KEY-hold-rate and
// KEY-serve-points (when the game reports serves).
func Write(dir string, r *sim.Report) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var files []string
	save := func(name string, p *plot.Plot, h vg.Length) error {
		for _, ext := range []string{"svg", "png"} {
			path := filepath.Join(dir, name+"."+ext)
			if err := saveAs(p, h, path, ext); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			files = append(files, path)
		}
		return nil
	}
	title := r.Game
	// The options name the run where they fit the chart's width; a game of many options (every
	// AlakaSLAM character) ran past both edges, and the report lists them all.
	if o := r.Options.String(); len(r.Variants) == 0 && o != "" && len(o) <= 60 {
		title += " (" + o + ")"
	}

	var labels []string
	var rates []*sim.Interval
	for _, p := range r.Pairings {
		labels = append(labels, p.Players[0]+" vs "+p.Players[1])
		rates = append(rates, &p.Win)
	}
	p, h := rateBars(fmt.Sprintf("%s: win rate of the first player of each pairing", r.Game),
		fmt.Sprintf("win rate, %%, with 95%% interval (%d matches per pairing)", r.Pairings[0].Matches), labels, rates)
	if err := save("win-rates", p, h); err != nil {
		return files, err
	}

	p, h = ratingBars(r)
	if err := save("ratings", p, h); err != nil {
		return files, err
	}

	if err := save("match-length", lengthChart(title, r.Balance), 5.5*vg.Inch); err != nil {
		return files, err
	}
	if tb := r.Balance.Tennis; tb != nil && len(tb.Rallies) > 0 {
		if err := save("rally-length", rallyChart(title, tb), 5.5*vg.Inch); err != nil {
			return files, err
		}
	}

	for i := 0; i < len(r.Breakdowns); {
		key := r.Breakdowns[i].Key
		j := i
		for j < len(r.Breakdowns) && r.Breakdowns[j].Key == key {
			j++
		}
		bs := r.Breakdowns[i:j]
		i = j
		var values []string
		var wins, seat, hold, serve []*sim.Interval
		hasHold, hasServe := false, false
		for _, b := range bs {
			n := b.Balance.Matches
			if b.Side {
				n = b.Appearances
			}
			values = append(values, fmt.Sprintf("%s (%d)", b.Value, n))
			seat = append(seat, &b.Balance.SeatOne)
			wins = append(wins, b.Win)
			var h *sim.Interval
			if tb := b.Balance.Tennis; tb != nil && tb.Hold != nil {
				h, hasHold = tb.Hold, true
			}
			hold = append(hold, h)
			var sv *sim.Interval
			if tb := b.Balance.Tennis; tb != nil && tb.ServePoints != nil {
				sv, hasServe = tb.ServePoints, true
			}
			serve = append(serve, sv)
		}
		name := fileName(key)
		if bs[0].Side {
			p, h := rateBars(fmt.Sprintf("%s: win rate by %s (times played)", r.Game, key), "win rate of the side playing it, %, with 95% interval", values, wins)
			if err := save(name+"-win-rate", p, h); err != nil {
				return files, err
			}
		}
		if bs[0].Side {
			// The labels count sides; these charts count matches.
			values = values[:0]
			for _, b := range bs {
				values = append(values, fmt.Sprintf("%s (%d)", b.Value, b.Balance.Matches))
			}
		}
		p, h := rateBars(fmt.Sprintf("%s: first-player advantage by %s (matches)", r.Game, key), "matches won by seat 1, %, with 95% interval", values, seat)
		if err := save(name+"-seat-one", p, h); err != nil {
			return files, err
		}
		if hasHold {
			p, h := rateBars(fmt.Sprintf("%s: server advantage by %s (matches)", r.Game, key), "service games held, %, with 95% interval", values, hold)
			if err := save(name+"-hold-rate", p, h); err != nil {
				return files, err
			}
		}
		if hasServe {
			p, h := rateBars(fmt.Sprintf("%s: points won by the server by %s (matches)", r.Game, key), "points won by the server, %, with 95% interval", values, serve)
			if err := save(name+"-serve-points", p, h); err != nil {
				return files, err
			}
		}
	}
	return files, nil
}

// fileName makes a breakdown key safe as a file name.
func fileName(key string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return '-'
	}, key)
}

func saveAs(p *plot.Plot, h vg.Length, path, ext string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	switch ext {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(width, h), vgimg.UseDPI(dpi))
		p.Draw(margin(draw.New(c)))
		_, err = vgimg.PngCanvas{Canvas: c}.WriteTo(f)
	default:
		c := vgsvg.New(width, h)
		p.Draw(margin(draw.New(c)))
		_, err = c.WriteTo(f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// margin leaves a little room around a chart, so that no label touches the edge.
func margin(c draw.Canvas) draw.Canvas {
	m := 0.15 * vg.Inch
	return draw.Crop(c, m, -m, m, -m)
}

// newPlot returns a plot with legible text.
func newPlot(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = titleSz
	p.Title.Padding = 0.15 * vg.Inch
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = labelSz
		a.Tick.Label.Font.Size = tickSz
	}
	return p
}

func annotation() font.Font {
	f := plot.DefaultFont
	f.Size = annotSz
	return f
}

// barHeight is the height of a horizontal bar chart of n bars.
func barHeight(n int) vg.Length {
	return vg.Length(math.Max(minInchH, 1.6+rowInch*float64(n))) * vg.Inch
}

// rateBars draws horizontal bars of rates in percent, the first at the top, with whiskers for
// their intervals, a line at 50% and the value at the end of each bar. A nil rate is shown as
// "no data".
func rateBars(title, xlabel string, labels []string, rates []*sim.Interval) (*plot.Plot, vg.Length) {
	p := newPlot(title, xlabel, "")
	n := len(rates)
	values := make(plotter.Values, n)
	var whisk plotter.XYs
	var errs plotter.XErrors
	text := make([]string, n)
	at := make(plotter.XYs, n)
	for i, r := range rates {
		y := float64(n - 1 - i)
		if r == nil {
			text[n-1-i] = "no data"
			at[n-1-i] = plotter.XY{X: 0, Y: y}
			continue
		}
		values[n-1-i] = 100 * r.P
		whisk = append(whisk, plotter.XY{X: 100 * r.P, Y: y})
		errs = append(errs, struct{ Low, High float64 }{100 * (r.P - r.Lo), 100 * (r.Hi - r.P)})
		text[n-1-i] = fmt.Sprintf("%.1f%%", 100*r.P)
		at[n-1-i] = plotter.XY{X: 100 * r.Hi, Y: y}
	}
	// The 50% line first, under the bars and their labels: drawn last it crossed a label ending
	// near 50%.
	ref := plotter.XYs{{X: 50, Y: -0.5}, {X: 50, Y: float64(n) - 0.5}}
	if l, err := plotter.NewLine(ref); err == nil {
		l.Color = refColor
		l.Dashes = []vg.Length{vg.Points(5), vg.Points(4)}
		l.Width = vg.Points(1.5)
		p.Add(l)
	}
	addBars(p, values, whisk, errs, text, at, barColor)
	p.X.Min, p.X.Max = 0, 108
	var ticks plot.ConstantTicks
	for x := 0; x <= 100; x += 10 {
		ticks = append(ticks, plot.Tick{Value: float64(x), Label: strconv.Itoa(x)})
	}
	p.X.Tick.Marker = ticks
	p.NominalY(reversed(labels)...)
	return p, barHeight(n)
}

// reversed returns xs in reverse order: a horizontal bar chart counts from the bottom.
func reversed(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[len(xs)-1-i] = x
	}
	return out
}

// addBars adds horizontal bars, their whiskers and value labels to p.
func addBars(p *plot.Plot, values plotter.Values, whisk plotter.XYs, errs plotter.XErrors, text []string, at plotter.XYs, c color.Color) {
	bars, err := plotter.NewBarChart(values, vg.Points(22))
	if err != nil {
		return
	}
	bars.Horizontal = true
	bars.Color = c
	bars.LineStyle.Width = 0
	p.Add(bars)
	if len(whisk) == 0 {
		// nothing to bound
	} else if eb, err := plotter.NewXErrorBars(struct {
		plotter.XYs
		plotter.XErrors
	}{whisk, errs}); err == nil {
		eb.LineStyle.Width = vg.Points(1.8)
		eb.CapWidth = vg.Points(12)
		p.Add(eb)
	}
	if lb, err := plotter.NewLabels(plotter.XYLabels{XYs: at, Labels: text}); err == nil {
		for i := range lb.TextStyle {
			lb.TextStyle[i].Font = annotation()
			lb.TextStyle[i].YAlign = draw.YCenter
		}
		lb.Offset = vg.Point{X: vg.Points(6)}
		p.Add(lb)
	}
}

// ratingBars draws each player's rating with whiskers for its bootstrap interval.
func ratingBars(r *sim.Report) (*plot.Plot, vg.Length) {
	p := newPlot(r.Game+": ratings (Bradley-Terry, Elo scale, mean 0)", "rating in Elo points, with 95% bootstrap interval", "")
	n := len(r.Players)
	values := make(plotter.Values, n)
	whisk := make(plotter.XYs, n)
	errs := make(plotter.XErrors, n)
	text := make([]string, n)
	at := make(plotter.XYs, n)
	var labels []string
	lo, hi := 0.0, 0.0
	for k, pl := range r.Players {
		rt := pl.Rating
		i := n - 1 - k // the first player at the top
		labels = append(labels, pl.Name)
		values[i] = rt.Elo
		whisk[i] = plotter.XY{X: rt.Elo, Y: float64(i)}
		errs[i] = struct{ Low, High float64 }{rt.Elo - rt.Lo, rt.Hi - rt.Elo}
		text[i] = fmt.Sprintf("%+.0f", rt.Elo)
		// Right of the whisker, and of the bar where a negative bar reaches past it to 0: a
		// label on the dark bar could not be read.
		at[i] = plotter.XY{X: math.Max(rt.Hi, 0), Y: float64(i)}
		lo, hi = math.Min(lo, rt.Lo), math.Max(hi, rt.Hi)
	}
	addBars(p, values, whisk, errs, text, at, barColor)
	pad := math.Max(20, 0.15*(hi-lo))
	p.X.Min, p.X.Max = lo-pad, hi+pad
	p.NominalY(reversed(labels)...)
	return p, barHeight(n)
}

// lengthChart draws the distribution of match lengths in equal-width bins.
func lengthChart(title string, b sim.Balance) *plot.Plot {
	p := newPlot(title+": match length", "match length in actions (chance outcomes included)", "share of matches, %")
	if len(b.Lengths) == 0 || b.Matches == 0 {
		return p
	}
	lo, hi := b.Lengths[0].Lo, b.Lengths[len(b.Lengths)-1].Hi
	nbins := 40
	step := math.Max(1, math.Ceil(float64(hi-lo)/float64(nbins)))
	nbins = int(math.Ceil(float64(hi-lo) / step))
	bins := make([]plotter.HistogramBin, nbins)
	for i := range bins {
		bins[i].Min = float64(lo) + float64(i)*step
		bins[i].Max = bins[i].Min + step
	}
	// A length bucket wider than a bin spreads its matches evenly over the bins it covers.
	for _, bin := range b.Lengths {
		share := 100 * float64(bin.Count) / float64(b.Matches) / float64(bin.Hi-bin.Lo)
		for x := bin.Lo; x < bin.Hi; x++ {
			k := min(int(float64(x-lo)/step), nbins-1)
			bins[k].Weight += share
		}
	}
	h := &plotter.Histogram{Bins: bins, Width: step, FillColor: barColor}
	h.LineStyle.Width = vg.Points(0.5)
	h.LineStyle.Color = color.White
	p.Add(h)
	mean := b.Actions.Mean
	top := 0.0
	for _, bin := range bins {
		top = math.Max(top, bin.Weight)
	}
	if l, err := plotter.NewLine(plotter.XYs{{X: mean, Y: 0}, {X: mean, Y: top * 1.05}}); err == nil {
		l.Color = otherColor
		l.Width = vg.Points(2)
		l.Dashes = []vg.Length{vg.Points(6), vg.Points(4)}
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("mean %.1f actions", mean), l)
		p.Legend.Top = true
		p.Legend.TextStyle.Font.Size = annotSz
	}
	p.Y.Min = 0
	return p
}

// rallyChart draws the share of points by shots struck.
func rallyChart(title string, tb *sim.TennisBalance) *plot.Plot {
	p := newPlot(title+": rally length", "shots in the point (serve in play and returns)", "share of points, %")
	total := int64(0)
	for _, n := range tb.Rallies {
		total += n
	}
	values := make(plotter.Values, len(tb.Rallies))
	for k, n := range tb.Rallies {
		values[k] = 100 * float64(n) / float64(max(total, 1))
	}
	bars, err := plotter.NewBarChart(values, vg.Points(math.Max(4, math.Min(24, 560/float64(len(values))))))
	if err != nil {
		return p
	}
	bars.Color = barColor
	bars.LineStyle.Width = 0
	p.Add(bars)
	if tb.Rally != nil {
		if l, err := plotter.NewLine(plotter.XYs{{X: tb.Rally.Mean, Y: 0}, {X: tb.Rally.Mean, Y: maxOf(values) * 1.05}}); err == nil {
			l.Color = otherColor
			l.Width = vg.Points(2)
			l.Dashes = []vg.Length{vg.Points(6), vg.Points(4)}
			p.Add(l)
			p.Legend.Add(fmt.Sprintf("mean %.2f shots", tb.Rally.Mean), l)
			p.Legend.Top = true
			p.Legend.TextStyle.Font.Size = annotSz
		}
	}
	// Whole shots on the axis ("0.00" read as a fraction of a shot), and room for the last
	// bar, which the default range cut in half.
	p.X.Min, p.X.Max = -0.7, float64(len(values))-0.3
	step := max(1, (len(values)+11)/12)
	var ticks plot.ConstantTicks
	for x := 0; x < len(values); x += step {
		ticks = append(ticks, plot.Tick{Value: float64(x), Label: strconv.Itoa(x)})
	}
	p.X.Tick.Marker = ticks
	p.Y.Min = 0
	return p
}

func maxOf(v plotter.Values) float64 {
	m := 0.0
	for _, x := range v {
		m = math.Max(m, x)
	}
	return m
}
