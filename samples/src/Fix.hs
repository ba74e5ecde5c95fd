{-# LANGUAGE BangPatterns #-}
-- | The before/after pair: one program with a space leak and its fix,
-- chosen by the first argument ("leak" or "fixed"), so both runs have the
-- same cost centres and differ only where the fix is.
--
-- Phase 1 counts keys into a Data.Map: the leaky version uses the lazy
-- insertWith, which piles up a chain of (+) thunks per key until the end;
-- the fix forces each count (Data.Map.Strict).  Phase 2 takes the mean of
-- a list: the leaky version walks it twice (sum, then length), so the
-- whole list stays alive between the walks; the fix folds once.
-- Both phases are announced with traceMarkerIO.  Argument 2: size n.
module Main (main) where

import Control.Exception (evaluate)
import Data.List (foldl')
import qualified Data.Map.Lazy as Lazy
import qualified Data.Map.Strict as Strict
import Debug.Trace (traceMarkerIO)
import System.Environment (getArgs)

keys :: Int -> [Int]
keys n = [(i * 7919) `mod` 997 | i <- [1 .. n]]

countKeys :: Bool -> Int -> Lazy.Map Int Int
countKeys leaky n = foldl' step Lazy.empty (keys n)
  where
    step m k
      | leaky = Lazy.insertWith (+) k 1 m
      | otherwise = Strict.insertWith (+) k 1 m

samples :: Int -> [Double]
samples n = [fromIntegral ((i * 31) `mod` 1000) / 7 | i <- [1 .. n]]

mean :: Bool -> [Double] -> Double
mean leaky xs
  | leaky = sum xs / fromIntegral (length xs)
  | otherwise = let (s, c) = foldl' step (0, 0 :: Int) xs in s / fromIntegral c
  where
    step (!s, !c) x = (s + x, c + 1)

main :: IO ()
main = do
  args <- getArgs
  let leaky = take 1 args /= ["fixed"]
      n = case drop 1 args of
        (a : _) -> read a
        [] -> 400000 :: Int
  traceMarkerIO "count keys"
  counts <- evaluate (countKeys leaky n)
  total <- evaluate (Lazy.foldl' (+) 0 counts)
  traceMarkerIO "mean"
  m <- evaluate (mean leaky (samples (2 * n)))
  traceMarkerIO "done"
  print (total, m)
