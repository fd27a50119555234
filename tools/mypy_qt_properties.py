"""A mypy plugin: a Qt class's constructor takes the Qt properties of all its bases as keywords.

PySide6 sets any Qt property given to a constructor (``QLabel("x", objectName="title")``), but
its stubs list only each class's own properties, not the ones it inherits, so the checker
refuses the keywords every widget here is built with (python/mypy#21576 points at the stubs).
This plugin gives the constructor of every class with a PySide6 base the keyword-only
parameters of all its PySide6 bases' constructors, with their types: a misspelt property, a
wrong type or a wrong argument to the program's own functions is still an error.
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.nodes import ARG_NAMED, ARG_NAMED_OPT, ARG_STAR2, TypeInfo
from mypy.plugin import FunctionSigContext, MethodSigContext, Plugin
from mypy.types import CallableType, FunctionLike, Overloaded, Type, get_proper_type

QT = "PySide6."


def _constructors(info: TypeInfo) -> list[CallableType]:
    """The stub signatures of ``__init__`` of every PySide6 class in ``info``'s MRO."""
    found: list[CallableType] = []
    for base in info.mro:
        if not base.fullname.startswith(QT):
            continue
        init = base.names.get("__init__")
        init_type = get_proper_type(init.type) if init is not None else None
        if isinstance(init_type, CallableType):
            found.append(init_type)
        elif isinstance(init_type, Overloaded):
            found.extend(init_type.items)
    return found


def _properties(info: TypeInfo) -> dict[str, Type]:
    """Every Qt property a constructor of ``info`` accepts, nearest base first."""
    properties: dict[str, Type] = {}
    for init in _constructors(info):
        for kind, name, type_ in zip(init.arg_kinds, init.arg_names, init.arg_types,
                                     strict=True):
            if kind in (ARG_NAMED, ARG_NAMED_OPT) and name is not None:
                properties.setdefault(name, type_)
    return properties


def _widen(signature: CallableType, properties: dict[str, Type]) -> CallableType:
    if ARG_STAR2 in signature.arg_kinds:
        return signature
    own = set(signature.arg_names)
    extra = [(name, type_) for name, type_ in properties.items() if name not in own]
    return signature.copy_modified(
        arg_kinds=[*signature.arg_kinds, *(ARG_NAMED_OPT for _ in extra)],
        arg_names=[*signature.arg_names, *(name for name, _ in extra)],
        arg_types=[*signature.arg_types, *(type_ for _, type_ in extra)],
    )


def _widen_all(signature: FunctionLike, info: TypeInfo) -> FunctionLike:
    properties = _properties(info)
    if isinstance(signature, Overloaded):
        return Overloaded([_widen(item, properties) for item in signature.items])
    assert isinstance(signature, CallableType)
    return _widen(signature, properties)


class QtPropertiesPlugin(Plugin):
    def _qt_class(self, fullname: str) -> TypeInfo | None:
        node = self.lookup_fully_qualified(fullname)
        info = node.node if node is not None else None
        if isinstance(info, TypeInfo) and any(b.fullname.startswith(QT) for b in info.mro):
            return info
        return None

    def get_function_signature_hook(
            self, fullname: str) -> Callable[[FunctionSigContext], FunctionLike] | None:
        info = self._qt_class(fullname)  # a call of the class itself: its constructor
        if info is None:
            return None
        return lambda ctx: _widen_all(ctx.default_signature, info)

    def get_method_signature_hook(
            self, fullname: str) -> Callable[[MethodSigContext], FunctionLike] | None:
        owner, _, method = fullname.rpartition(".")
        info = self._qt_class(owner) if method == "__init__" else None  # super().__init__(…)
        if info is None:
            return None
        return lambda ctx: _widen_all(ctx.default_signature, info)


def plugin(version: str) -> type[Plugin]:
    return QtPropertiesPlugin
