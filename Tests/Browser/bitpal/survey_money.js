// BitPal's amounts that are cut (test_bitpal_money.py): their text.
() => [...document.querySelectorAll('[data-family] :is(.bp-total, .bp-pnl, .bp-percent, .bp-value, .bp-row-pct)')]
  .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)
