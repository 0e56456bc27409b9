"""Shell completion scripts for the command line, written from its argparse parser (so they
name the commands and options the parser has, and no others): ``completion bash``,
``completion zsh``, ``completion fish``.

Each completes a command's name after the program's, then that command's options, the
choices an option or a positional argument lists (``-f svg``, ``--framing focus``), and
file names everywhere else.
"""

from __future__ import annotations

import argparse
import re
from typing import Callable

from .values import value

#: The shells a script is written for.
SHELLS = ("bash", "zsh", "fish")

#: The program the scripts complete.
PROGRAM = "piecepack-diagrams"


@value
class Option:
    """One option of a command: its spellings (``-f``, ``--format``), whether it takes a
    value, the values it may take (empty: any), whether that value may be a file's name
    (not a number, say) and its help's first words."""

    flags: tuple[str, ...]
    takes_value: bool
    choices: tuple[str, ...] = ()
    is_file: bool = False
    help: str = ""


@value
class Command:
    """One command: its name, help, options, and the choices of its first positional
    argument that lists them (``labyrinth``'s tools), if any."""

    name: str
    help: str
    options: tuple[Option, ...]
    words: tuple[str, ...] = ()


def parse_commands(parser: argparse.ArgumentParser) -> tuple[Command, ...]:
    """The commands of ``parser``'s sub-parsers, in the order it has them (the program's own
    options, such as ``--version``, are not a command)."""
    helps = {}
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:  # argparse keeps its actions here; there is no public list
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            found = dict(action.choices)
    return tuple(Command(name, _first_line(helps.get(name, "")), _options(sub), _words(sub))
                 for name, sub in found.items())


def _options(parser: argparse.ArgumentParser) -> tuple[Option, ...]:
    return tuple(Option(tuple(action.option_strings), action.nargs != 0, tuple(str(c) for c in action.choices or ()),
                        action.nargs != 0 and not action.choices and action.type is None,
                        _first_line(action.help or ""))
                 for action in parser._actions if action.option_strings)


def _words(parser: argparse.ArgumentParser) -> tuple[str, ...]:
    """The words a command's positional arguments may be, when argparse lists them."""
    out: list[str] = []
    for action in parser._actions:
        if not action.option_strings and action.choices:
            out += [str(c) for c in action.choices]
    return tuple(out)


def _first_line(text: str) -> str:
    """A help text's first clause, short and free of quotes, for a shell's description."""
    text = re.split(r"[:;(]", text.replace("%%", "%"), maxsplit=1)[0].strip()
    return re.sub(r"[^A-Za-z0-9 ,.'-]", "", text)[:60].strip()


def _quoted(text: str, *, shell: str) -> str:
    """``text`` in single quotes, as ``shell`` reads them (fish escapes a quote with a
    backslash; bash and zsh end the quotes around it)."""
    return "'" + text.replace("'", "\\'" if shell == "fish" else "'\\''") + "'"


def completion_script(shell: str, parser: argparse.ArgumentParser) -> str:
    """The completion script of ``shell`` (one of :data:`SHELLS`) for ``parser``'s commands.

    Raises :class:`ValueError` for another shell (the command line's choices refuse it first)."""
    commands = parse_commands(parser)
    if shell == "bash":
        return _bash(commands)
    if shell == "zsh":
        return _zsh(commands)
    if shell == "fish":
        return _fish(commands)
    raise ValueError(f"no completion for the shell {shell!r}; expected one of {', '.join(SHELLS)}")


def _function() -> str:
    return "_" + PROGRAM.replace("-", "_")


def _value_cases(options: list[Option], header: str, action: Callable[[Option], str]) -> list[str]:
    """The lines of a shell ``case`` on the previous word: for each option that takes a value,
    its flags and ``action`` (what completes the value), then ``return``. None without such options."""
    if not options:
        return []
    return [f"        {header}", *(f"            {'|'.join(o.flags)}) {action(o)}; return ;;" for o in options),
            "        esac"]


def _bash(commands: tuple[Command, ...]) -> str:
    """bash: one function; ``complete -F`` binds it. Options that take a value complete
    their choices, or file names."""
    name = _function()
    lines = [f"# bash completion for {PROGRAM}: source it, or put it in",
             f"# ~/.local/share/bash-completion/completions/{PROGRAM}",
             f"{name}() {{",
             '    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" command="" i',
             '    for ((i = 1; i < COMP_CWORD; i++)); do',
             '        case "${COMP_WORDS[i]}" in -*) ;; *) command="${COMP_WORDS[i]}"; break ;; esac',
             '    done',
             '    if [[ -z "$command" ]]; then',
             f'        COMPREPLY=($(compgen -W "{" ".join(c.name for c in commands)} --help --version" -- "$cur"))',
             '        return',
             '    fi',
             '    case "$command" in']
    for command in commands:
        flags = " ".join(f for o in command.options for f in o.flags)
        valued = [o for o in command.options if o.takes_value]
        lines.append(f"    {command.name})")
        lines += _value_cases(valued, 'case "$prev" in', lambda option: (
            f'COMPREPLY=($(compgen -W "{" ".join(option.choices)}" -- "$cur"))' if option.choices
            else 'COMPREPLY=($(compgen -f -- "$cur"))' if option.is_file else "COMPREPLY=()"))
        lines.append('        if [[ "$cur" == -* ]]; then')
        lines.append(f'            COMPREPLY=($(compgen -W "{flags}" -- "$cur"))')
        lines.append("        else")
        words = " ".join(command.words)
        lines.append(f'            COMPREPLY=($(compgen -W "{words}" -- "$cur") $(compgen -f -- "$cur"))'
                     if words else '            COMPREPLY=($(compgen -f -- "$cur"))')
        lines.append("        fi")
        lines.append("        ;;")
    lines += ["    esac", "}", f"complete -o filenames -F {name} {PROGRAM}", ""]
    return "\n".join(lines)


def _zsh(commands: tuple[Command, ...]) -> str:
    """zsh: a ``#compdef`` function, for a folder on ``$fpath`` (as ``_piecepack-diagrams``)
    or sourced after ``compinit``."""
    name = _function()
    lines = [f"#compdef {PROGRAM}",
             f"# zsh completion for {PROGRAM}: save as _{PROGRAM} in a folder of $fpath, or source it",
             f"{name}() {{",
             "    local -a commands",
             "    commands=("]
    lines += [f"        {_quoted(c.name + ':' + c.help, shell='zsh')}" for c in commands]
    lines += ["    )",
              "    if (( CURRENT == 2 )); then",
              "        _describe -t commands 'command' commands",
              "        return",
              "    fi",
              "    local prev=${words[CURRENT-1]}",
              "    case ${words[2]} in"]
    for command in commands:
        lines.append(f"    {command.name})")
        valued = [o for o in command.options if o.takes_value]
        lines += _value_cases(valued, "case $prev in", lambda option: (
            f"compadd -- {' '.join(option.choices)}" if option.choices
            else "_files" if option.is_file else "_message value"))
        flags = " ".join(f for o in command.options for f in o.flags)
        rest = f"else compadd -- {' '.join(command.words)}; _files; fi" if command.words else "else _files; fi"
        lines.append(f"        if [[ $PREFIX == -* ]]; then compadd -- {flags}; " + rest)
        lines.append("        ;;")
    lines += ["    esac", "}",
              f'if [[ $zsh_eval_context[-1] == loadautofunc ]]; then {name} "$@"; else compdef {name} {PROGRAM}; fi',
              ""]
    return "\n".join(lines)


def _fish(commands: tuple[Command, ...]) -> str:
    """fish: one ``complete`` line a command, an option or a choice."""
    names = " ".join(c.name for c in commands)
    lines = [f"# fish completion for {PROGRAM}: save as ~/.config/fish/completions/{PROGRAM}.fish",
             f"complete -c {PROGRAM} -f",
             f"complete -c {PROGRAM} -n 'not __fish_seen_subcommand_from {names}' -l version -d 'show the version'"]
    lines += [f"complete -c {PROGRAM} -n 'not __fish_seen_subcommand_from {names}' -a {c.name} "
              f"-d {_quoted(c.help, shell='fish')}" for c in commands]
    for command in commands:
        when = f"-n '__fish_seen_subcommand_from {command.name}'"
        if command.words:
            lines.append(f"complete -c {PROGRAM} {when} -a '{' '.join(command.words)}'")
        lines.append(f"complete -c {PROGRAM} {when} -F")
        for option in command.options:
            spell = " ".join(f"-l {f[2:]}" if f.startswith("--") else f"-s {f[1:]}" for f in option.flags)
            takes = (f" -x -a '{' '.join(option.choices)}'" if option.choices
                     else " -r -F" if option.is_file else " -x" if option.takes_value else "")
            lines.append(f"complete -c {PROGRAM} {when} {spell}{takes} -d {_quoted(option.help, shell='fish')}")
    lines.append("")
    return "\n".join(lines)


__all__ = ["PROGRAM", "SHELLS", "Command", "Option", "completion_script", "parse_commands"]
