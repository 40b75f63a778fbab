"""Draw functions: data and a surface in, pixels out; they change nothing they are given."""
