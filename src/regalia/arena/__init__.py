"""Matches (and later tournaments) between agents."""

from .match import MatchResult, play_match

__all__ = ["play_match", "MatchResult"]
