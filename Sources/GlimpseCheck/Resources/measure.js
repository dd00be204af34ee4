// glimpse check: what each cell of a contact sheet draws, measured in the page, in points from the
// cell's top left corner. One call per sheet; the answer is JSON, one entry per cell in sheet order.
// Pixels are read by glimpse itself, from a screenshot of the same sheet (Rules+Pixels.swift).
(() => {
  const TIGHT = 0.75;  // a box may pass its clip by this much (sub-pixel rounding) and not count
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const emoji = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
  const canvas = document.createElement('canvas').getContext('2d');

  const graphemes = text => Array.from(segmenter.segment(text), s => s.segment);
  const clean = text => text.replace(/\s+/g, ' ').trim();
  const alpha = colour => {
    const m = /rgba?\(([^)]+)\)/.exec(colour || '');
    if (!m) return colour === 'transparent' || colour === 'none' || !colour ? 0 : 1;
    const parts = m[1].split(/[ ,/]+/).filter(Boolean);
    return parts.length > 3 ? parseFloat(parts[3]) : 1;
  };
  const rgb = colour => {
    const m = /rgba?\(([^)]+)\)/.exec(colour || '');
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(parseFloat);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const box = (r, o) => [r.left - o.left, r.top - o.top, r.width, r.height];
  const intersect = (a, b) => {
    const left = Math.max(a.left, b.left), top = Math.max(a.top, b.top);
    const right = Math.min(a.right, b.right), bottom = Math.min(a.bottom, b.bottom);
    return right > left && bottom > top ? { left, top, right, bottom, width: right - left, height: bottom - top } : null;
  };
  const opacity = (element, root) => {
    let value = 1;
    for (let e = element; e && e !== root.parentElement; e = e.parentElement) {
      value *= parseFloat(getComputedStyle(e).opacity || '1');
    }
    return value;
  };
  // What an element's ancestors say, asked for again and again (for each line of each text, for
  // each drawing), kept for the sheet: nothing moves while it is measured.
  const memo = (f) => {
    const kept = new Map();
    return (element, root) => {
      if (!kept.has(element)) kept.set(element, f(element, root));
      return kept.get(element);
    };
  };
  const invisible = memo((element, root) => {
    for (let e = element; e && e !== root.parentElement; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden' || parseFloat(style.opacity) === 0) return true;
    }
    return false;
  });
  const marked = (element, root, attribute) => {
    for (let e = element; e && e !== root.parentElement; e = e.parentElement) {
      if (e.hasAttribute && e.hasAttribute(attribute)) return true;
    }
    return false;
  };
  const decorative = (element, root) => {
    for (let e = element; e && e !== root.parentElement; e = e.parentElement) {
      const role = e.getAttribute && e.getAttribute('role');
      if (role === 'presentation' || role === 'none') return true;
    }
    return false;
  };
  // Whether all of an element's text is inside boxes marked `data-store` (an icon and a store title).
  const storeOnly = element => {
    const marks = Array.from(element.querySelectorAll('[data-store]'));
    return marks.length > 0 && clean(marks.map(m => m.textContent).join(' ')) === clean(element.textContent);
  };
  // Where an element's words come from, as its template says (`data-source`: `copy:goal/done-today`,
  // `store:habits[].title`, `format:wallet/total`): its own, or that of the nearest box around it in
  // the widget; else the one source that all the text inside it has. Null when the template says none.
  const sourceOf = (element, root) => {
    for (let e = element; e && e !== root.parentElement; e = e.parentElement) {
      const source = e.getAttribute && e.getAttribute('data-source');
      if (source) return source;
    }
    const marks = Array.from(element.querySelectorAll('[data-source]')).filter(m => !m.getAttribute('data-source').startsWith('role:'));
    const sources = new Set(marks.map(m => m.getAttribute('data-source')));
    return sources.size === 1 && clean(marks.map(m => m.textContent).join(' ')) === clean(element.textContent)
      ? marks[0].getAttribute('data-source') : null;
  };
  // What a drawing is, as its template says (`role:progress-ring`): its own or its nearest box's.
  const roleOf = (element, root) => {
    for (let e = element; e && e !== root.parentElement; e = e.parentElement) {
      const source = e.getAttribute && e.getAttribute('data-source');
      if (source && source.startsWith('role:')) return source;
    }
    return null;
  };
  const fromStore = (element, root, source) =>
    (source !== null && source.startsWith('store:')) || marked(element, root, 'data-store');
  // The ancestors that cut what is inside them off (overflow other than visible), nearest first,
  // up to and including the widget: each with its box and how it shows a cut: an ellipsis shows one
  // at the end of a line (across), a line clamp one at the end of its last line (down, and across).
  const clips = memo((start, root) => {
    const list = [];
    for (let e = start; e && e !== root.parentElement; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible' || e === root) {
        const clamp = !!(style.webkitLineClamp && style.webkitLineClamp !== 'none');
        const ellipsis = style.textOverflow === 'ellipsis';
        list.push({ element: e, rect: e.getBoundingClientRect(), marks: ellipsis || clamp, marksDown: clamp });
      }
    }
    return list;
  });
  // Where each text node of `element` (its own, not its children's) is drawn: a rect per line
  // fragment, leaving emoji out (their colours are their own), and whether any of it is emoji only.
  const textRects = element => {
    const rects = [];
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.data.trim()) continue;
      const range = document.createRange();
      if (!emoji.test(node.data)) {
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) rects.push(r);
        continue;
      }
      let offset = 0;
      for (const g of graphemes(node.data)) {
        if (!emoji.test(g) && g.trim()) {
          range.setStart(node, offset);
          range.setEnd(node, offset + g.length);
          for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) rects.push(r);
        }
        offset += g.length;
      }
    }
    return rects;
  };
  // Where a text's glyphs put ink, line by line: each line's box narrowed or widened, above and
  // below its baseline, to what the font's glyphs of this text reach (accents above, descenders
  // below), then cut to what the element's clips leave. A line's box is the font's ascent and
  // descent; its ink may be less (no descenders) or more (stacked accents).
  const inkRects = (element, style, lines, root) => {
    const text = Array.from(element.childNodes).filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.data).join('');
    if (!text.trim()) return [];
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const m = canvas.measureText(text.replace(emojiAll, ''));
    const fontHeight = m.fontBoundingBoxAscent + m.fontBoundingBoxDescent;
    if (!(fontHeight > 0)) return [];
    const cutters = clips(element, root);
    const own = lineTexts(element, lines);
    const inks = [];
    for (const [i, r] of lines.entries()) {
      const baseline = r.top + r.height * (m.fontBoundingBoxAscent / fontHeight);
      // Each line's glyphs reach as high and as low as its own text does: a second line of
      // "أُنجز اليوم" has no damma above its alef.
      const line = own && own[i].replace(emojiAll, '').trim() ? canvas.measureText(own[i].replace(emojiAll, '')) : m;
      let ink = { left: r.left, right: r.right, top: baseline - line.actualBoundingBoxAscent, bottom: baseline + line.actualBoundingBoxDescent };
      ink.width = ink.right - ink.left;
      ink.height = ink.bottom - ink.top;
      for (const clip of cutters) ink = ink && intersect(ink, clip.rect);
      if (ink) inks.push(ink);
    }
    return inks;
  };
  const emojiAll = /\p{Extended_Pictographic}|\p{Regional_Indicator}/gu;
  // The text of each of `lines` (an element's own line boxes), grapheme by grapheme, by where each
  // is drawn; null for a text of one line, whose text is all of it.
  const lineTexts = (element, lines) => {
    if (lines.length < 2) return null;
    const parts = lines.map(() => '');
    const range = document.createRange();
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      let offset = 0;
      for (const g of graphemes(node.data)) {
        range.setStart(node, offset);
        range.setEnd(node, offset + g.length);
        offset += g.length;
        const r = range.getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        const i = lines.findIndex(l => y >= l.top && y <= l.bottom && x >= l.left - 1 && x <= l.right + 1);
        if (i >= 0) parts[i] += g;
      }
    }
    return parts;
  };
  // The box whose lines `element`'s text is set in: itself, or its nearest ancestor that is not
  // inline (an <em> in a sentence is set in the sentence's lines). Numbered per widget.
  const paragraphOf = (element, root, numbers) => {
    let box = element;
    while (box !== root && box.parentElement && getComputedStyle(box).display === 'inline') box = box.parentElement;
    if (!numbers.has(box)) numbers.set(box, numbers.size);
    return numbers.get(box);
  };
  // Whether a box is what a tap lands on: a link, a button, a switch, or what the template marks.
  const tappable = element => {
    const tag = element.tagName.toLowerCase();
    if ((tag === 'a' && element.hasAttribute('href')) || tag === 'button' || tag === 'input') return true;
    const role = element.getAttribute('role');
    return role === 'button' || role === 'switch' || role === 'checkbox' || role === 'link' || element.hasAttribute('data-intent');
  };

  // The part of a truncated element's text that is drawn, before its ellipsis.
  const shownText = (element, style) => {
    const text = element.textContent;
    const bounds = element.getBoundingClientRect();
    const right = bounds.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
    const bottom = bounds.bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const ellipsis = canvas.measureText('…').width;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const lines = [];
    let shown = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let offset = 0;
      for (const g of graphemes(node.data)) {
        range.setStart(node, offset);
        range.setEnd(node, offset + g.length);
        offset += g.length;
        const r = range.getBoundingClientRect();
        if (r.height === 0 && !g.trim()) { shown += g; continue; }
        if (r.bottom > bottom + TIGHT) return clean(shown);
        // The last line drawn: its end makes room for the ellipsis.
        const last = r.bottom + r.height > bottom + TIGHT;
        if (last && r.right > right - ellipsis + TIGHT) return clean(shown);
        if (r.right > right + TIGHT) return clean(shown);
        shown += g;
        lines.push(r.top);
      }
    }
    return clean(shown);
  };

  const cells = Array.from(document.querySelectorAll('#sheet > .glimpse-cell'));
  return JSON.stringify(cells.map(cell => {
    const origin = cell.getBoundingClientRect();
    const root = cell.firstElementChild;
    if (!root) return { label: null, texts: [], graphics: [], width: origin.width, height: origin.height };
    const widget = root.getBoundingClientRect();
    const texts = [];
    const graphics = [];
    const paragraphs = new Map();
    for (const element of [root, ...root.querySelectorAll('*')]) {
      if (invisible(element, root)) continue;
      const style = getComputedStyle(element);
      const ownText = Array.from(element.childNodes).some(n => n.nodeType === Node.TEXT_NODE && n.data.trim());
      const cutters = clips(element.parentElement, root);
      const ellipsis = style.textOverflow === 'ellipsis' && style.overflowX !== 'visible';
      const clamp = style.webkitLineClamp && style.webkitLineClamp !== 'none';
      if (ellipsis || clamp) {
        const over = ellipsis ? element.scrollWidth > element.clientWidth + 1 : element.scrollHeight > element.clientHeight + 1;
        if (over && alpha(style.color) > 0 && clean(element.textContent)) {
          const source = sourceOf(element, root);
          texts.push({
            kind: 'cut', text: clean(element.textContent), shown: shownText(element, style),
            box: box(element.getBoundingClientRect(), origin), clamp: !!clamp, source,
            store: fromStore(element, root, source) || storeOnly(element),
          });
        }
      }
      if (ownText) {
        // Text drawn where nothing cuts it off, clipped to what its clips leave.
        // A line's box is the font's whole height, taller than its glyphs: a cut of up to an eighth
        // of the size at the top or the bottom takes no ink.
        const slack = Math.max(TIGHT, 0.125 * parseFloat(style.fontSize));
        let rects = textRects(element).map(r => {
          let visible = r;
          let cutBy = null;
          let cutDown = false;
          for (const clip of clips(element, root)) {
            const kept = visible && intersect(visible, clip.rect);
            // Cut across where an ellipsis or a clamp does not show it; cut down (a line's glyphs
            // cut through, or a line hidden whole) where no clamp does: a box of one line with an
            // ellipsis, squeezed shorter than its line, cuts its text with nothing to show it.
            // A rect left out whole is cut the way it lies outside: beside the box (a word past an
            // ellipsis) or above or below it (a line past a clamp, or a box squeezed shorter).
            const beside = !kept && visible && (visible.right <= clip.rect.left || visible.left >= clip.rect.right);
            const across = kept ? kept.left > visible.left + TIGHT || kept.right < visible.right - TIGHT : beside;
            const down = kept ? kept.top > visible.top + slack || kept.bottom < visible.bottom - slack : !beside;
            if (visible && !cutBy && ((across && !clip.marks) || (down && !clip.marksDown))) {
              cutBy = clip;
              cutDown = !(across && !clip.marks);
            }
            visible = kept;
          }
          return { rect: r, visible, cutBy, cutDown };
        });
        // A line a clip leaves only a sliver of (the top of a line a clamp hides, inside the line
        // gap) shows no ink: it is not drawn, or its colour would be the background's.
        const drawn = rects.filter(r => r.visible && r.visible.height > slack).map(r => box(r.visible, origin));
        const ink = drawn.length ? inkRects(element, style, rects.filter(r => r.visible && r.visible.height > slack).map(r => r.rect), root).map(r => box(r, origin)) : [];
        const cut = rects.find(r => r.cutBy);
        const hiddenByDesign = alpha(style.color) === 0;
        const bold = parseInt(style.fontWeight, 10) >= 700;
        const source = sourceOf(element, root);
        texts.push({
          kind: 'text', text: clean(Array.from(element.childNodes).filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.data).join(' ')),
          whole: clean(element.textContent), box: box(element.getBoundingClientRect(), origin), rects: drawn,
          size: parseFloat(style.fontSize), bold, redacted: hiddenByDesign, source, ink, colour: rgb(style.color),
          store: fromStore(element, root, source), bleed: marked(element, root, 'data-full-bleed'),
          paragraph: paragraphOf(element, root, paragraphs),
          cut: cut ? { box: box(cut.rect, origin), by: box(cut.cutBy.rect, origin), widget: cut.cutBy.element === root, down: cut.cutDown } : null,
        });
      }
      // A drawing: an SVG shape with a stroke or a fill, or a box with a background and no text.
      const tag = element.tagName.toLowerCase();
      const shape = ['circle', 'ellipse', 'path', 'rect', 'line', 'polyline', 'polygon'].includes(tag);
      let colour = null;
      let role = null;
      if (shape) {
        const strokeWidth = parseFloat(style.strokeWidth) || 0;
        if (style.stroke !== 'none' && strokeWidth > 0 && alpha(style.stroke) > 0) {
          colour = rgb(style.stroke); colour && (colour[3] *= parseFloat(style.strokeOpacity || '1'));
        } else if (style.fill !== 'none' && alpha(style.fill) > 0) {
          colour = rgb(style.fill); colour && (colour[3] *= parseFloat(style.fillOpacity || '1'));
        }
        const svg = element.ownerSVGElement;
        role = svg && svg.classList.length ? Array.from(svg.classList).join(' ') : 'glyph';
        if (element.classList.length) role = Array.from(element.classList).join(' ');
      } else if (element !== root && !element.closest('svg') && !clean(element.textContent)) {
        // A fill or an outline that holds no text: a bar, a dot, a check circle. A box with text in it
        // is the text's background, and the text is measured against it.
        // An outline is what shows a shape that has one (a check circle); a fill, one that has not.
        const border = parseFloat(style.borderTopWidth) || 0;
        if (border >= 1 && style.borderTopStyle !== 'none' && alpha(style.borderTopColor) > 0) colour = rgb(style.borderTopColor);
        else if (alpha(style.backgroundColor) > 0) colour = rgb(style.backgroundColor);
        role = element.classList.length ? Array.from(element.classList).join(' ') : tag;
      }
      if (colour) {
        const r = element.getBoundingClientRect();
        let visible = r;
        let cutBy = null;
        for (const clip of cutters) {
          const kept = visible && intersect(visible, clip.rect);
          if (visible && (!kept || kept.width < visible.width - TIGHT || kept.height < visible.height - TIGHT)) {
            if (!cutBy) cutBy = clip;
          }
          visible = kept;
        }
        const covers = r.width >= widget.width * 0.9 && r.height >= widget.height * 0.9;
        graphics.push({
          role, source: roleOf(element, root), box: box(r, origin), visible: visible ? box(visible, origin) : null,
          colour: [colour[0], colour[1], colour[2], colour[3] * opacity(element, root)],
          decorative: decorative(element, root), covers,
          bleed: marked(element, root, 'data-full-bleed'),
          cut: cutBy ? { by: box(cutBy.rect, origin), widget: cutBy.element === root } : null,
        });
      }
    }
    // What a tap lands on inside the widget: each target's box, as its clips leave it.
    const targets = [];
    for (const element of [root, ...root.querySelectorAll('*')]) {
      if (!tappable(element) || invisible(element, root)) continue;
      const r = element.getBoundingClientRect();
      let visible = r;
      for (const clip of clips(element.parentElement, root)) visible = visible && intersect(visible, clip.rect);
      if (!visible) continue;
      const source = roleOf(element, root);
      targets.push({
        role: source || Array.from(element.classList).join(' ') || element.tagName.toLowerCase(), source,
        box: box(visible, origin), whole: r.width >= widget.width * 0.9 && r.height >= widget.height * 0.9,
      });
    }
    // The widget's label: its root's, or that of a link or group that covers it (a whole-widget tap).
    let label = root.getAttribute('aria-label');
    if (label === null) {
      for (const element of root.querySelectorAll('[aria-label]')) {
        const r = element.getBoundingClientRect();
        if (r.width >= widget.width * 0.9 && r.height >= widget.height * 0.9) { label = element.getAttribute('aria-label'); break; }
      }
    }
    return {
      label, width: widget.width, height: widget.height,
      radius: parseFloat(getComputedStyle(root).borderTopLeftRadius) || 0, texts, graphics, targets,
      keptBackground: root.getAttribute('data-background') === 'kept',
    };
  }));
})()
