"""The BZN grammar files, shipped as package data.

Nothing in this package knows Bézique: it holds syntax only. `notation` loads
`bzn.lark` from here with `Lark.open_from_package`.
"""
