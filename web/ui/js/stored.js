// Objects kept in this browser's localStorage under a key: the seats it holds, its mutes, the
// seek form's last choices. A missing, unreadable or non-object value reads as {}, and a save
// the browser refuses (storage full or disabled) is dropped: what is kept is a convenience only.

export function loadObject(key) {
  try {
    const v = JSON.parse(localStorage.getItem(key) || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

export function saveObject(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Refused: the value holds until the page is left.
  }
}
