"""Every public name of the module has a docstring, and the type stubs declare every name and
member the extension defines."""

import ast
import inspect
import pathlib

import ashtapada
import ashtapada._native as native
import ashtapada.distributed
import ashtapada.openspiel
import ashtapada.pettingzoo

STUBS = pathlib.Path(native.__file__).with_name("_native.pyi")


def public(obj):
    return [n for n in dir(obj) if not n.startswith("_")]


def test_every_public_name_has_a_docstring():
    missing = []
    for module in (ashtapada, ashtapada.distributed, ashtapada.openspiel, ashtapada.pettingzoo):
        assert (module.__doc__ or "").strip(), module.__name__
        for name in getattr(module, "__all__", public(module)):
            obj = getattr(module, name)
            if inspect.ismodule(obj) or not (inspect.isclass(obj) or callable(obj)):
                continue
            if not (obj.__doc__ or "").strip():
                missing.append(f"{module.__name__}.{name}")
            if inspect.isclass(obj) and obj.__module__.startswith("ashtapada"):
                for member in public(obj):
                    if member not in vars(obj):
                        continue  # inherited from a framework's class
                    if not (getattr(obj, member).__doc__ or "").strip():
                        missing.append(f"{module.__name__}.{name}.{member}")
    assert not missing, missing


def test_the_stubs_declare_the_extension():
    tree = ast.parse(STUBS.read_text())
    declared = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            declared[node.name] = {
                n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            }
        elif isinstance(node, ast.FunctionDef):
            declared[node.name] = set()
    missing = []
    for name in public(native):
        obj = getattr(native, name)
        if inspect.ismodule(obj):
            continue
        if name not in declared:
            missing.append(name)
        elif inspect.isclass(obj) and not issubclass(obj, Exception):
            missing += [f"{name}.{m}" for m in public(obj) if m not in declared[name]]
    assert not missing, missing
