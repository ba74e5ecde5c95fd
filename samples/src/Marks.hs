{-# LANGUAGE BangPatterns #-}
-- | Marks close together: five traceMarkerIO calls, each 1% of the run
-- after the one before, with labels long enough that side by side on the
-- time axis they would cover each other (hp2x must stack them in lanes,
-- dropping none), and a last one at the very end.
--
-- The program paces itself by the clock, not by an amount of work: the
-- run lasts two seconds and the marks fall at 40%, 41% ... 44% and 100%
-- of it whatever the machine's speed.  Around them it holds real data,
-- so the graph has bands under the marks: a Data.Map grows from 0 to 40%
-- and is dropped at 75%; a list of strings grows from 40% to 75% and is
-- eaten from its head until the end.  Some short-lived allocation in
-- every step keeps the collector (and the census) going.  The live heap
-- stays small (a few MB), so a census pauses the program for a
-- millisecond or so, not for a good part of the 20 ms between marks.
--
-- Run as  marks +RTS -hT -l-au -i0.02 -RTS  (samples/regenerate marks).
module Main (main) where

import Control.Exception (evaluate)
import Control.Monad (foldM)
import qualified Data.Map.Strict as M
import Debug.Trace (traceMarkerIO)
import GHC.Clock (getMonotonicTime)

-- | The run's length in seconds; times below are shares of it.
run :: Double
run = 2.0

-- | Call step with the share of the run gone by, until it reaches end.
during :: Double -> Double -> s -> (Double -> s -> IO s) -> IO s
during start end s0 step = go s0
  where
    go !s = do
      now <- getMonotonicTime
      let t = (now - start) / run
      if t >= end then pure s else step t s >>= go

-- | Garbage: allocated and dropped at once.
churn :: Int -> IO ()
churn i = () <$ evaluate (length (concatMap show [i .. i + 300]))

-- | The map grows linearly to 30000 entries at 40%.
growMap :: Double -> M.Map Int Int -> IO (M.Map Int Int)
growMap t m = do
  let want = min 30000 (round (t / 0.40 * 30000)) :: Int
      m' = foldl (\acc k -> M.insert k (k * 3) acc) m [M.size m .. want - 1]
  churn want
  evaluate m'

-- | The list grows linearly to 12000 strings from 40% to 75%.
growList :: Double -> (Int, [String]) -> IO (Int, [String])
growList t (n, xs) = do
  let want = min 12000 (round ((t - 0.40) / 0.35 * 12000)) :: Int
      new = [show k ++ " bottles on the wall" | k <- [n .. want - 1]]
  xs' <- evaluate (foldr (\s acc -> length s `seq` s : acc) xs new)
  churn n
  pure (max n want, xs')

-- | The list eaten from its head, linearly to nothing at the end.
shrinkList :: Double -> (Int, [String]) -> IO (Int, [String])
shrinkList t (n, xs) = do
  let keep = max 0 (round ((1.0 - t) / 0.25 * 12000)) :: Int
      xs' = drop (n - keep) xs
  churn keep
  _ <- evaluate (length xs')
  pure (min n keep, xs')

labels :: [String]
labels =
  [ "checkpoint 1: configuration loaded"
  , "checkpoint 2: index built over all keys"
  , "checkpoint 3: first report written"
  , "checkpoint 4: cache warmed up"
  , "checkpoint 5: all workers started"
  ]

main :: IO ()
main = do
  start <- getMonotonicTime
  table <- during start 0.40 M.empty growMap
  let mark (k, label) s = do
        traceMarkerIO label
        during start (0.41 + 0.01 * k) s growList
  strings <- foldM (flip mark) (0, []) (zip [0 ..] labels)
  strings' <- during start 0.75 strings growList
  size <- evaluate (M.size table)
  rest <- during start 1.0 strings' shrinkList
  traceMarkerIO "done: everything released"
  print (size, fst rest)
