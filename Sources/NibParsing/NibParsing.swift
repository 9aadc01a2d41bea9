import NibModel
@_exported import NibModel
