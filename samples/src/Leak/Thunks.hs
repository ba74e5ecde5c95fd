-- | Phase 2: the classic lazy-accumulator leak. A lazy Data.Map of counters
-- updated with insertWith (+) keeps a chain of (+) thunks per key until
-- somebody finally asks for the sums.
module Leak.Thunks (lazyCounters, settleCounters) where

import qualified Data.Map.Lazy as Map
import Data.List (foldl')

lazyCounters :: Int -> Map.Map Int Int
lazyCounters n = foldl' bump Map.empty [1 .. n]
  where bump m i = Map.insertWith (+) (i `mod` 97) (i `mod` 13) m

settleCounters :: Map.Map Int Int -> Int
settleCounters = Map.foldl' (+) 0
