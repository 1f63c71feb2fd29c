package msg

// ui words the page's own errors (a malformed link).
var ui = Catalog{}
